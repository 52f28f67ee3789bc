// Environment -> typed, validated configuration. Every setting is read here and nowhere else.
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import type { PoolOptions } from './workers/pool.js';

export type DatabaseConfig = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; schema?: string };

export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  publicUrl: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  bodyLimitBytes: number;
  /** Failed authentications allowed per client address and window before 429. */
  authFailureLimit: number;
  authFailureWindowSeconds: number;
  /** EINVOICING_CHECK=off disables the conformance check endpoints (501). */
  einvoicingCheck: 'on' | 'off';
  einvoicingValidatorUrl: string | null;
  /** The worker threads that render PDFs, check e-invoices and read uploads (src/workers/pool.ts). */
  workers: WorkersConfig;
  audit: AuditKeyConfig;
  /** SMTP_URL (smtp:// or smtps://); null: e-mails are written as .eml files into mailDir. */
  smtpUrl: string | null;
  /** MAIL_FROM: the sender of every e-mail (the account's own address is its Reply-To). */
  mailFrom: string;
  /** MAIL_DIR: where the file transport writes (default: `mail/` beside the SQLite database, else ./data/mail). */
  mailDir: string;
  /** WEBHOOK_ALLOW_PRIVATE=1: webhooks may reach loopback and private addresses (tests, internal receivers). */
  webhookAllowPrivate: boolean;
  /** WEBHOOK_TIMEOUT_MS: time limit of one webhook attempt. */
  webhookTimeoutMs: number;
  /** OUTBOX_LEASE_SECONDS: how long a claimed delivery is reserved for its worker (then another takes it over). */
  outboxLeaseSeconds: number;
  /** OUTBOX_WORKER=off: `facturier serve` delivers nothing (run `facturier worker` instead). */
  outboxWorker: 'on' | 'off';
  /**
   * TRUST_PROXY: which proxies' X-Forwarded-For to believe for the client address (throttling, logs):
   * false (default: the socket's peer), true (any), a hop count, or addresses/CIDRs.
   */
  trustProxy: boolean | number | string[];
  /** METRICS_TOKEN: GET /metrics answers with `Authorization: Bearer <token>`; null: not on the API port. */
  metricsToken: string | null;
  /** METRICS_PORT / METRICS_HOST: a separate listener serving /metrics without token; null: none. */
  metricsPort: number | null;
  metricsHost: string;
  /** The web console's sessions (docs/console.md). */
  console: ConsoleConfig;
}

/**
 * SESSION_IDLE_MINUTES (default 120), SESSION_MAX_HOURS (default 12), COOKIE_SECURE (default on;
 * off only for a console reached over plain HTTP on a LAN by a name other than localhost),
 * ADMIN_EMAIL (the first user's e-mail, default admin@localhost).
 */
export interface ConsoleConfig {
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  cookieSecure: boolean;
  adminEmail: string;
}

/** WORKER_THREADS (default: one per core), WORKER_TIMEOUT_MS, WORKER_MEMORY_MB, WORKER_QUEUE. */
export type WorkersConfig = PoolOptions;

/**
 * Where the keys of the audit trail come from (src/modules/audit/keyring.ts loads them into an src/app/keyring.ts Keyring; docs/audit.md): the
 * keys themselves (AUDIT_KEY) or a key file (AUDIT_KEY_FILE; by default beside the SQLite database,
 * created at first start). The first key seals new entries; the others only verify older ones.
 */
export type AuditKeyConfig = { source: 'env'; keys: Buffer[] } | { source: 'file'; file: string | null };

export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be an integer, got "${raw}"`);
  const value = Number(raw.trim());
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

export function parseDatabaseUrl(raw: string): DatabaseConfig {
  if (raw.startsWith('sqlite:')) {
    const file = raw.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!file) throw new ConfigError('DATABASE_URL "sqlite:" needs a file path, e.g. sqlite:./data/facturier.db');
    return { dialect: 'sqlite', file };
  }
  if (raw.startsWith('postgres://') || raw.startsWith('postgresql://')) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new ConfigError(`DATABASE_URL is not a valid URL: "${raw}"`);
    }
    // A schema chosen in the URL (`?options=-c search_path=facturier`, as libpq and pg_dump read it)
    // is the schema the application works in: its migration bookkeeping goes there too.
    const searchPath = /(?:^|\s)-c\s*search_path\s*=\s*(.+?)(?=\s+-c|\s*$)/.exec(url.searchParams.get('options') ?? '')?.[1];
    if (searchPath === undefined) return { dialect: 'postgres', url: raw };
    const schema = searchPath.split(',')[0].trim();
    if (!/^[a-z_][a-z0-9_$]*$/.test(schema)) {
      throw new ConfigError(
        `DATABASE_URL: the search_path in options must start with a lower-case unquoted schema name, got ${searchPath}`,
      );
    }
    return { dialect: 'postgres', url: raw, schema };
  }
  throw new ConfigError(`DATABASE_URL must start with sqlite: or postgres:// (got "${raw}"), e.g. sqlite:./data/facturier.db`);
}

function metricsToken(raw: string | undefined): string | null {
  const token = raw?.trim();
  if (!token) return null;
  if (token.length < 16 || /\s/.test(token))
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters without spaces (e.g. `openssl rand -hex 16`)');
  return token;
}

const AUDIT_KEY_PATTERN = /^[0-9a-f]{64}$/i;

/** A list of audit keys as AUDIT_KEY and key files write them: 64 hex digits (32 bytes) each. */
export function parseAuditKeys(text: string, origin: string, separator: RegExp): Buffer[] {
  const items = text
    .split(separator)
    .map((k) => k.trim())
    .filter((k) => k && !k.startsWith('#'));
  if (!items.length)
    throw new ConfigError(`${origin} holds no key: it needs 64 hexadecimal digits (32 bytes), e.g. from \`openssl rand -hex 32\``);
  const keys = items.map((item, i) => {
    if (!AUDIT_KEY_PATTERN.test(item)) {
      throw new ConfigError(
        `${origin}: key ${i + 1} must be 64 hexadecimal digits (32 bytes), e.g. from \`openssl rand -hex 32\`; got ${item.length} characters`,
      );
    }
    return Buffer.from(item, 'hex');
  });
  if (new Set(items.map((k) => k.toLowerCase())).size !== items.length) throw new ConfigError(`${origin} lists the same key twice`);
  return keys;
}

function auditKeyConfig(env: NodeJS.ProcessEnv): AuditKeyConfig {
  const key = env.AUDIT_KEY?.trim();
  const file = env.AUDIT_KEY_FILE?.trim();
  if (key && file) throw new ConfigError('Set AUDIT_KEY or AUDIT_KEY_FILE, not both');
  if (key) return { source: 'env', keys: parseAuditKeys(key, 'AUDIT_KEY', /,/) };
  // Neither, with PostgreSQL: refused where a key is needed (serve, migrate, audit verify; see
  // loadKeyring), not by commands that need none (backup instructions, accounts, keys).
  return { source: 'file', file: file || null };
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: 'on' | 'off'): 'on' | 'off' {
  const raw = (env[name] ?? fallback).trim().toLowerCase();
  if (raw === 'on' || raw === '1' || raw === 'true') return 'on';
  if (raw === 'off' || raw === '0' || raw === 'false' || raw === '') return 'off';
  throw new ConfigError(`${name} must be on or off (1 or 0), got "${env[name]}"`);
}

function deliveryConfig(env: NodeJS.ProcessEnv, database: DatabaseConfig) {
  let smtpUrl: string | null = null;
  if (env.SMTP_URL) {
    let url: URL;
    try {
      url = new URL(env.SMTP_URL);
    } catch {
      throw new ConfigError('SMTP_URL must be a URL such as smtp://user:pass@mail.example.fr:587 or smtps://…:465');
    }
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
      throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, got ${url.protocol}//`);
    smtpUrl = env.SMTP_URL;
  }
  const mailFrom = (env.MAIL_FROM ?? 'Facturier <facturier@localhost>').trim();
  if (!/^[^<>\s@]+@[^<>\s@]+$|<[^<>\s@]+@[^<>\s@]+>$/.test(mailFrom)) {
    throw new ConfigError(`MAIL_FROM must be an address, e.g. "ACME <factures@acme.fr>", got "${env.MAIL_FROM}"`);
  }
  const beside = database.dialect === 'sqlite' && database.file !== ':memory:' ? dirname(database.file) : './data';
  const lease = integer(env, 'OUTBOX_LEASE_SECONDS', 60, 1, 3600);
  const timeout = integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000);
  if (timeout >= lease * 1000) throw new ConfigError('WEBHOOK_TIMEOUT_MS must be shorter than OUTBOX_LEASE_SECONDS');
  return {
    smtpUrl,
    mailFrom,
    mailDir: env.MAIL_DIR?.trim() || join(beside, 'mail'),
    webhookAllowPrivate: onOff(env, 'WEBHOOK_ALLOW_PRIVATE', 'off') === 'on',
    webhookTimeoutMs: timeout,
    outboxLeaseSeconds: lease,
    outboxWorker: onOff(env, 'OUTBOX_WORKER', 'on'),
  };
}

/** TRUST_PROXY: unset/false, true, a hop count, or comma-separated addresses and CIDR ranges. */
export function parseTrustProxy(raw: string | undefined): boolean | number | string[] {
  const value = (raw ?? '').trim();
  if (!value || /^(false|off|no|0)$/i.test(value)) return false;
  if (/^(true|on|yes)$/i.test(value)) return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 100) throw new ConfigError(`TRUST_PROXY hop count must be at most 100, got ${hops}`);
    return hops;
  }
  const items = value.split(',').map((item) => item.trim());
  for (const item of items) {
    const [address, bits, ...more] = item.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    if (!family || more.length || (bits !== undefined && (!/^\d+$/.test(bits) || Number(bits) > maxBits))) {
      throw new ConfigError(
        `TRUST_PROXY must be true, false, a hop count or comma-separated IP addresses/CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1), got "${item}"`,
      );
    }
  }
  return items;
}

function consoleConfig(env: NodeJS.ProcessEnv): ConsoleConfig {
  const secure = (env.COOKIE_SECURE ?? 'on').toLowerCase();
  if (!['on', 'off', 'true', 'false', '1', '0'].includes(secure))
    throw new ConfigError(`COOKIE_SECURE must be on or off, got "${env.COOKIE_SECURE}"`);
  const adminEmail = (env.ADMIN_EMAIL ?? 'admin@localhost').trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(adminEmail)) throw new ConfigError(`ADMIN_EMAIL must be an e-mail address, got "${env.ADMIN_EMAIL}"`);
  return {
    sessionIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 120, 1, 7 * 24 * 60),
    sessionMaxHours: integer(env, 'SESSION_MAX_HOURS', 12, 1, 24 * 90),
    cookieSecure: ['on', 'true', '1'].includes(secure),
    adminEmail,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const logLevel = (env.LOG_LEVEL ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  let publicUrl: string | null = null;
  if (env.PUBLIC_URL) {
    try {
      const url = new URL(env.PUBLIC_URL);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
      publicUrl = url.toString().replace(/\/$/, '');
    } catch {
      throw new ConfigError(`PUBLIC_URL must be an absolute http(s) URL, got "${env.PUBLIC_URL}"`);
    }
  }
  const check = (env.EINVOICING_CHECK ?? 'on').toLowerCase();
  if (check !== 'on' && check !== 'off') throw new ConfigError(`EINVOICING_CHECK must be on or off, got "${env.EINVOICING_CHECK}"`);
  let validatorUrl: string | null = null;
  if (env.EINVOICING_VALIDATOR_URL) {
    try {
      validatorUrl = new URL(env.EINVOICING_VALIDATOR_URL).toString();
    } catch {
      throw new ConfigError(`EINVOICING_VALIDATOR_URL must be an absolute URL, got "${env.EINVOICING_VALIDATOR_URL}"`);
    }
  }
  const host = env.HOST ?? '127.0.0.1';
  if (!host.trim()) throw new ConfigError('HOST must not be empty');
  const database = parseDatabaseUrl(env.DATABASE_URL ?? 'sqlite:./data/facturier.db');
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host,
    database,
    publicUrl,
    logLevel: logLevel as Config['logLevel'],
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 10 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    authFailureLimit: integer(env, 'AUTH_FAILURE_LIMIT', 20, 1, 1_000_000),
    authFailureWindowSeconds: integer(env, 'AUTH_FAILURE_WINDOW_SECONDS', 60, 1, 86_400),
    einvoicingCheck: check,
    einvoicingValidatorUrl: validatorUrl,
    workers: {
      threads: integer(env, 'WORKER_THREADS', availableParallelism(), 1, 256),
      timeoutMs: integer(env, 'WORKER_TIMEOUT_MS', 30_000, 100, 600_000),
      memoryMb: integer(env, 'WORKER_MEMORY_MB', 512, 32, 65_536),
      maxQueue: integer(env, 'WORKER_QUEUE', 100, 0, 100_000),
    },
    audit: auditKeyConfig(env),
    ...deliveryConfig(env, database),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    metricsPort: env.METRICS_PORT ? integer(env, 'METRICS_PORT', 0, 1, 65535) : null,
    metricsHost: env.METRICS_HOST?.trim() || '127.0.0.1',
    console: consoleConfig(env),
  };
}

/**
 * Where people reach the server, for the links it hands out (sign-in links, the first key's
 * example): PUBLIC_URL, else the address it listens on — the one it is bound to when given (PORT=0
 * picks a port), else HOST:PORT — with an unspecified address (0.0.0.0, ::) as localhost. Never a
 * request's Host header: a client chooses that, and the link would go to someone else.
 */
export function publicBaseUrl(
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>,
  listening?: { address: string; port: number } | string | null,
): string {
  if (config.publicUrl) return config.publicUrl;
  const bound = listening && typeof listening === 'object' ? listening : { address: config.host, port: config.port };
  const host = bound.address === '0.0.0.0' || bound.address === '::' ? 'localhost' : bound.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${bound.port}`;
}
