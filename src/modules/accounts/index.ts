// Accounts and their API keys: the only module the HTTP layer's authentication calls (through
// keyResolver), and what the CLI manages. It serves no route of its own.
export { countAccounts, listAccounts } from './repo.js';
export {
  createAccount,
  createApiKey,
  keyPrefixOf,
  keyResolver,
  listApiKeys,
  regenerateApiKey,
  revokeApiKey,
  sharedFailureRecorder,
} from './service.js';
