// The keys of the audit trail (HMAC-SHA256, kept outside the database): where they come from and
// how entries are sealed and authenticated with them. The trail itself, entries over sale
// documents, belongs to the sales module. No route of its own.
export { Keyring } from '../../app/keyring.js';
export { defaultKeyFile, loadKeyring, type LoadedKeyring } from './keyring.js';
