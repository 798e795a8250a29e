export { generateKey, hashKey, isWellFormedKey, LIVE_KEY_PREFIX, maskKey } from './api-keys';
export { DatabaseFileError, type Db, openDatabase } from './open-database';
export {
  type AuthResult,
  type CheckMode,
  createStore,
  type KeyRecord,
  type Keys,
  monthKey,
  type RankedServer,
  type ServerFields,
  type ServerInput,
  type ServerRecord,
  type ServerStats,
  type Servers,
  type Store,
  StoreError,
  type StoreOptions,
  type VoteFilter,
  type VoteInput,
  type VoteRecord,
  type VoterRef,
  type Votes,
  type WebhookMessageRecord,
  type WebhookRecord,
  type Webhooks,
} from './store';
export { USERNAME_MAX_LENGTH, usernameKey, validateUsername } from './username';
