// Where the audit keys come from: AUDIT_KEY, or a key file (by default beside the SQLite database)
// created readable by its owner only when a database no key has sealed yet starts for the first time.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.js';
import { auditKeyId, entryMac } from '../../../src/domain/audit.js';
import { defaultKeyFile, Keyring, loadKeyring } from '../../../src/modules/audit/index.js';

const dir = mkdtempSync(path.join(tmpdir(), 'facturier-keys-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
const hex = () => randomBytes(32).toString('hex');

describe('audit keys', () => {
  it('come from AUDIT_KEY, the first one sealing and the others only verifying', () => {
    const [k1, k2] = [hex(), hex()];
    const { keyring, createdFile } = loadKeyring(loadConfig({ AUDIT_KEY: `${k2}, ${k1}` }), { create: true });
    expect(createdFile).toBeNull();
    const [id1, id2] = [auditKeyId(Buffer.from(k1, 'hex')), auditKeyId(Buffer.from(k2, 'hex'))];
    expect(keyring.currentId).toBe(id2);
    expect(keyring.ids()).toEqual([id2, id1]);
    expect([keyring.rank(id2), keyring.rank(id1), keyring.rank('0'.repeat(16))]).toEqual([0, 1, undefined]);
    const mac = keyring.seal('{"a":1}');
    expect(mac).toBe(entryMac(Buffer.from(k2, 'hex'), '{"a":1}'));
    expect(keyring.authenticates(id2, '{"a":1}', mac)).toBe(true);
    expect(keyring.authenticates(id1, '{"a":1}', mac)).toBe(false);
    expect(keyring.authenticates(id2, '{"a":2}', mac)).toBe(false);
  });

  it('are created at first start in a file beside the SQLite database, mode 0600, and read back the same afterwards', () => {
    const config = loadConfig({ DATABASE_URL: `sqlite:${path.join(dir, 'first', 'facturier.db')}` });
    const file = path.join(dir, 'first', 'facturier.db.audit-key');
    expect(defaultKeyFile(config)).toBe(file);
    const first = loadKeyring(config, { create: true });
    expect(first.createdFile).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines.filter((l) => l.startsWith('#')).length).toBeGreaterThan(0);
    expect(lines.filter((l) => /^[0-9a-f]{64}$/.test(l))).toHaveLength(1);
    const again = loadKeyring(config, { create: true });
    expect(again.createdFile).toBeNull();
    expect(again.keyring.currentId).toBe(first.keyring.currentId);
  });

  it('are read from AUDIT_KEY_FILE, several keys one per line', () => {
    const [k1, k2] = [hex(), hex()];
    const file = path.join(dir, 'ring.key');
    writeFileSync(file, `# rotated\n${k2}\n\n${k1}\n`, { mode: 0o600 });
    const { keyring } = loadKeyring(loadConfig({ AUDIT_KEY_FILE: file }), { create: false });
    expect(keyring.ids()).toEqual([auditKeyId(Buffer.from(k2, 'hex')), auditKeyId(Buffer.from(k1, 'hex'))]);
  });

  it('are never created where creating is not allowed, and a missing file says where it was looked for', () => {
    const file = path.join(dir, 'missing.key');
    const config = loadConfig({ AUDIT_KEY_FILE: file });
    expect(() => loadKeyring(config, { create: false })).toThrow(
      new ConfigError(
        `The audit key file ${file} does not exist. Restore it from your backup, or point AUDIT_KEY_FILE (or AUDIT_KEY) at the key this database was sealed with`,
      ),
    );
  });

  it('refuse a key file that other users can read, and one that holds no valid key', () => {
    const file = path.join(dir, 'open.key');
    writeFileSync(file, `${hex()}\n`);
    chmodSync(file, 0o644);
    expect(() => loadKeyring(loadConfig({ AUDIT_KEY_FILE: file }), { create: false })).toThrow(
      `The audit key file ${file} can be read by other users (mode 644): run \`chmod 600 ${file}\``,
    );
    chmodSync(file, 0o600);
    expect(loadKeyring(loadConfig({ AUDIT_KEY_FILE: file }), { create: false }).keyring).toBeInstanceOf(Keyring);
    writeFileSync(file, 'not a key\n');
    expect(() => loadKeyring(loadConfig({ AUDIT_KEY_FILE: file }), { create: false })).toThrow(
      `The audit key file ${file}: key 1 must be 64 hexadecimal digits (32 bytes)`,
    );
    writeFileSync(file, '# nothing\n');
    expect(() => loadKeyring(loadConfig({ AUDIT_KEY_FILE: file }), { create: false })).toThrow(`The audit key file ${file} holds no key`);
  });

  it('live and die with an in-memory database', () => {
    const config = { ...loadConfig({}), database: { dialect: 'sqlite' as const, file: ':memory:' } };
    expect(defaultKeyFile(config)).toBeNull();
    const a = loadKeyring(config, { create: false });
    const b = loadKeyring(config, { create: false });
    expect(a.createdFile).toBeNull();
    expect(a.keyring.currentId).not.toBe(b.keyring.currentId);
  });

  it('must be given with PostgreSQL, where several processes share the database', () => {
    const config = { ...loadConfig({}), database: { dialect: 'postgres' as const, url: 'postgres://x@h/db' } };
    expect(() => loadKeyring(config, { create: true })).toThrow(
      'With PostgreSQL, set AUDIT_KEY (64 hexadecimal digits, e.g. from `openssl rand -hex 32`) or AUDIT_KEY_FILE, the same for every server process',
    );
  });
});
