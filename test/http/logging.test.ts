import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { redactUrl } from '../../src/http/auth.js';
import { loadConfig } from '../../src/config.js';
import { createAccount } from '../../src/modules/accounts/service.js';
import { freshDatabase, TEST_AUDIT_KEY } from '../helpers/harness.js';

/** Lines below warn are written once per turn of the event loop (src/http/log-writer.ts): wait for it. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('structured logs', () => {
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  let dispose: () => Promise<void>;
  let key: string;

  beforeAll(async () => {
    const fresh = await freshDatabase('sqlite');
    dispose = fresh.dispose;
    key = (await createAccount(fresh.db, 'Logs SAS')).apiKey;
    app = await buildApp({ ...loadConfig({ LOG_LEVEL: 'info', AUDIT_KEY: TEST_AUDIT_KEY }), database: fresh.config }, fresh.db, {
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await app.close();
    await dispose();
  });

  it('never writes the apikey query parameter to a log line', async () => {
    const res = await app.inject({ method: 'GET', url: `/hello?foo=1&apikey=${key}&bar=2` });
    expect(res.statusCode).toBe(200);
    await nextTurn();
    const logged = lines.join('');
    expect(logged).toContain('request completed');
    expect(logged).not.toContain(key);
    expect(logged).toContain('/hello?foo=1&apikey=[REDACTED]&bar=2');
  });

  it('never logs the key given under a percent-encoded or re-cased parameter name, which authenticates all the same', async () => {
    for (const name of ['api%6Bey', 'API%4BEY', 'ApiKey', '%61%70%69%6b%65%79']) {
      lines.length = 0;
      const res = await app.inject({ method: 'GET', url: `/hello?${name}=${key}&x=1` });
      expect(res.statusCode, name).toBe(200);
      await nextTurn();
      const logged = lines.join('');
      expect(logged, name).not.toContain(key);
      expect(logged).toContain(`/hello?${name}=[REDACTED]&x=1`);
    }
  });

  it('never logs a key sent under another parameter name (api_key, token…), encoded or not', async () => {
    for (const query of [
      `api_key=${key}`,
      `token=${key}`,
      `x=1&Authorization=${encodeURIComponent(`Bearer ${key}`)}`,
      `k=${key.replace('_', '%5F')}`,
    ]) {
      lines.length = 0;
      const res = await app.inject({ method: 'GET', url: `/hello?${query}`, headers: { 'x-api-key': key } });
      expect(res.statusCode, query).toBe(200);
      await nextTurn();
      const logged = lines.join('');
      expect(logged, query).toContain('[REDACTED]');
      expect(logged, query).not.toContain(key.slice(3));
    }
  });

  it('never logs a key found in a header of any name or in an error message, whatever logs it', async () => {
    lines.length = 0;
    app.log.warn({ headers: { 'x-custom-token': key, authorization: `Bearer ${key}` } }, `failed with ${key}`);
    app.log.error({ err: new Error(`upstream refused ${encodeURIComponent(key)}`) }, 'unexpected');
    const logged = lines.join('');
    expect(lines).toHaveLength(2);
    expect(logged).not.toContain(key.slice(3));
    expect(logged).toContain('fk_[REDACTED]');
    expect(JSON.parse(lines[0]).headers['x-custom-token']).toBe('fk_[REDACTED]');
  });

  it('logs JSON lines carrying the request id', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'trace-42' } });
    await nextTurn();
    const parsed = lines
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(parsed.some((l) => l.reqId === 'trace-42' && l.req?.url === '/healthz')).toBe(true);
  });

  it('writes info lines together at the end of the turn, and a warning or an error at once with the lines before it', async () => {
    lines.length = 0;
    app.log.info('first');
    app.log.info('second');
    expect(lines).toEqual([]);
    await nextTurn();
    expect(lines).toHaveLength(1);
    expect(
      lines[0]
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l).msg),
    ).toEqual(['first', 'second']);
    lines.length = 0;
    app.log.info('before the failure');
    app.log.error('the failure');
    // Synchronously: nothing that led up to an error is held back behind it.
    expect(lines).toHaveLength(1);
    expect(
      lines[0]
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l).msg),
    ).toEqual(['before the failure', 'the failure']);
    app.log.warn('a warning');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[1]).msg).toBe('a warning');
  });

  it('redacts every spelling of the parameter', () => {
    expect(redactUrl('/x?APIKEY=abc')).toBe('/x?APIKEY=[REDACTED]');
    expect(redactUrl('/x?a=1&ApiKey=abc#frag')).toBe('/x?a=1&ApiKey=[REDACTED]#frag');
    expect(redactUrl('/x?notapikey=abc')).toBe('/x?notapikey=abc');
    expect(redactUrl('/x?api%6Bey=abc&apikey=def')).toBe('/x?api%6Bey=[REDACTED]&apikey=[REDACTED]');
    expect(redactUrl('/x?%41PIKEY')).toBe('/x?%41PIKEY=[REDACTED]');
    expect(redactUrl('/x?a=%E0%A4%A&apikey=1')).toBe('/x?a=%E0%A4%A&apikey=[REDACTED]');
    expect(redactUrl('/x')).toBe('/x');
    expect(redactUrl('/x?api_key=fk_abcdef123&a=1')).toBe('/x?api_key=[REDACTED]&a=1');
    expect(redactUrl('/x?t=fk%5Fabcdef123')).toBe('/x?t=[REDACTED]');
    expect(redactUrl('/x?name=fkfoo&fk=1')).toBe('/x?name=fkfoo&fk=1');
  });
});
