// The keys of the audit trail: HMAC-SHA256 keys kept outside the database (docs/audit.md). They
// come from AUDIT_KEY or from a key file (AUDIT_KEY_FILE, by default beside the SQLite database),
// which the server creates, readable by its owner only, at the first start of a database that no
// key has sealed yet. The first key seals new entries; the following ones only verify older entries
// (rotation). An in-memory SQLite database gets a key that lives and dies with it.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, parseAuditKeys, type Config } from '../../config.js';
import { Keyring } from '../../app/keyring.js';

/** The key file used when AUDIT_KEY_FILE is not set: beside the SQLite database. */
export function defaultKeyFile(config: Config): string | null {
  if (config.database.dialect !== 'sqlite' || config.database.file === ':memory:') return null;
  return `${config.database.file}.audit-key`;
}

export interface LoadedKeyring {
  keyring: Keyring;
  /** The key file created by this call, if one was. */
  createdFile: string | null;
  /** A key made up for an in-memory database: the caller keeps it as long as the database. */
  ephemeral?: true;
}

function readKeyFile(file: string): Keyring {
  if (process.platform !== 'win32') {
    const mode = statSync(file).mode & 0o777;
    if (mode & 0o077) {
      throw new ConfigError(
        `The audit key file ${file} can be read by other users (mode ${mode.toString(8).padStart(3, '0')}): run \`chmod 600 ${file}\``,
      );
    }
  }
  return new Keyring(parseAuditKeys(readFileSync(file, 'utf8'), `The audit key file ${file}`, /\r?\n/), `the audit key file ${file}`);
}

const FILE_HEADER = [
  '# Facturier audit key: the HMAC-SHA256 key that seals the audit trail (docs/audit.md).',
  '# Keep it secret, and back it up apart from the database: without it the trail cannot be verified.',
  '# The first key seals new entries; keys on later lines only verify older entries (rotation).',
];

/**
 * The audit keys the configuration names. `create`: whether a missing key file may be created (at
 * the first start of a database that no key has sealed yet); otherwise a missing file is an error
 * that says where it was looked for.
 */
export function loadKeyring(config: Config, options: { create: boolean }): LoadedKeyring {
  const audit = config.audit;
  if (audit.source === 'env') return { keyring: new Keyring(audit.keys, 'AUDIT_KEY'), createdFile: null };
  const file = audit.file ?? defaultKeyFile(config);
  if (file === null) {
    if (config.database.dialect === 'postgres') {
      // Several processes share a PostgreSQL database: key files each process made for itself would
      // seal with different keys. The key has to be given, the same to all of them.
      throw new ConfigError(
        'With PostgreSQL, set AUDIT_KEY (64 hexadecimal digits, e.g. from `openssl rand -hex 32`) or AUDIT_KEY_FILE, the same for every server process',
      );
    }
    return { keyring: new Keyring([randomBytes(32)], 'an in-memory key (in-memory database)'), createdFile: null, ephemeral: true };
  }
  try {
    return { keyring: readKeyFile(file), createdFile: null };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (!options.create) {
    throw new ConfigError(
      `The audit key file ${file} does not exist. ` +
        `Restore it from your backup, or point AUDIT_KEY_FILE (or AUDIT_KEY) at the key this database was sealed with`,
    );
  }
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx': another process starting at the same moment may have just created it; then read theirs.
    writeFileSync(file, `${FILE_HEADER.join('\n')}\n${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { keyring: readKeyFile(file), createdFile: null };
  }
  return { keyring: readKeyFile(file), createdFile: file };
}
