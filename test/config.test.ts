import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDatabaseUrl } from '../src/config.js';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.database).toEqual({ dialect: 'sqlite', file: './data/facturier.db' });
    expect(config.publicUrl).toBeNull();
    expect(config.logLevel).toBe('info');
    expect(config.bodyLimitBytes).toBe(10 * 1024 * 1024);
    expect(config.workers).toEqual({ threads: availableParallelism(), timeoutMs: 30_000, memoryMb: 512, maxQueue: 100 });
  });

  it('reads the worker threads settings', () => {
    const config = loadConfig({ WORKER_THREADS: '3', WORKER_TIMEOUT_MS: '5000', WORKER_MEMORY_MB: '256', WORKER_QUEUE: '0' });
    expect(config.workers).toEqual({ threads: 3, timeoutMs: 5000, memoryMb: 256, maxQueue: 0 });
  });

  it('reads PORT, HOST, PUBLIC_URL and LOG_LEVEL', () => {
    const config = loadConfig({ PORT: '9000', HOST: '0.0.0.0', PUBLIC_URL: 'https://api.example.fr/', LOG_LEVEL: 'WARN' });
    expect(config.port).toBe(9000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('https://api.example.fr');
    expect(config.logLevel).toBe('warn');
  });

  it('reads the audit keys from AUDIT_KEY (the first seals, the others verify) or names their file', () => {
    const [k1, k2] = ['0123456789abcdef'.repeat(4), 'fedcba9876543210'.repeat(4)];
    expect(loadConfig({}).audit).toEqual({ source: 'file', file: null });
    expect(loadConfig({ AUDIT_KEY: ` ${k1} , ${k2.toUpperCase()} ` }).audit).toEqual({
      source: 'env',
      keys: [Buffer.from(k1, 'hex'), Buffer.from(k2, 'hex')],
    });
    expect(loadConfig({ AUDIT_KEY_FILE: '/etc/facturier/audit.key' }).audit).toEqual({ source: 'file', file: '/etc/facturier/audit.key' });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db', AUDIT_KEY: k1 }).audit).toEqual({
      source: 'env',
      keys: [Buffer.from(k1, 'hex')],
    });
    // Without a key, PostgreSQL is refused where one is needed (loadKeyring), not by loadConfig.
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).audit).toEqual({ source: 'file', file: null });
  });

  it('parses sqlite and postgres database URLs', () => {
    expect(parseDatabaseUrl('sqlite:/abs/path.db')).toEqual({ dialect: 'sqlite', file: '/abs/path.db' });
    expect(parseDatabaseUrl('sqlite:./rel.db')).toEqual({ dialect: 'sqlite', file: './rel.db' });
    expect(parseDatabaseUrl('postgres://u@h:5432/db')).toEqual({ dialect: 'postgres', url: 'postgres://u@h:5432/db' });
  });

  it('reads the schema of a postgres URL from its search_path option', () => {
    const url = 'postgres://u@h/db?options=-c%20search_path%3Dfacturier%2C%20public%20-c%20statement_timeout%3D5000';
    expect(parseDatabaseUrl(url)).toEqual({ dialect: 'postgres', url, schema: 'facturier' });
    expect(parseDatabaseUrl('postgres://u@h/db?options=-c%20statement_timeout%3D5000')).toEqual({
      dialect: 'postgres',
      url: 'postgres://u@h/db?options=-c%20statement_timeout%3D5000',
    });
    expect(() => parseDatabaseUrl('postgres://u@h/db?options=-c%20search_path%3D%22My%20Schema%22')).toThrow(
      'DATABASE_URL: the search_path in options must start with a lower-case unquoted schema name, got "My Schema"',
    );
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be an integer, got "eighty"'],
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535, got 70000'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with sqlite: or postgres://'],
    [{ DATABASE_URL: 'sqlite:' }, 'DATABASE_URL "sqlite:" needs a file path'],
    [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL must be an absolute http(s) URL, got "ftp://x"'],
    [{ BODY_LIMIT_BYTES: '-1' }, 'BODY_LIMIT_BYTES must be an integer'],
    [{ WORKER_THREADS: '0' }, 'WORKER_THREADS must be between 1 and 256, got 0'],
    [{ WORKER_THREADS: 'all' }, 'WORKER_THREADS must be an integer, got "all"'],
    [{ WORKER_TIMEOUT_MS: '50' }, 'WORKER_TIMEOUT_MS must be between 100 and 600000, got 50'],
    [{ WORKER_MEMORY_MB: '16' }, 'WORKER_MEMORY_MB must be between 32 and 65536, got 16'],
    [{ WORKER_QUEUE: '1e3' }, 'WORKER_QUEUE must be an integer, got "1e3"'],
    [
      { AUDIT_KEY: 'secret' },
      'AUDIT_KEY: key 1 must be 64 hexadecimal digits (32 bytes), e.g. from `openssl rand -hex 32`; got 6 characters',
    ],
    [{ AUDIT_KEY: `${'a'.repeat(64)},${'b'.repeat(63)}` }, 'AUDIT_KEY: key 2 must be 64 hexadecimal digits'],
    [{ AUDIT_KEY: `${'a'.repeat(64)},${'A'.repeat(64)}` }, 'AUDIT_KEY lists the same key twice'],
    [{ AUDIT_KEY: 'a'.repeat(64), AUDIT_KEY_FILE: '/etc/facturier/audit.key' }, 'Set AUDIT_KEY or AUDIT_KEY_FILE, not both'],
  ])('rejects %j with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
