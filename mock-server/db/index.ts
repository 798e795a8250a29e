export { generateKey, hashKey, isWellFormedKey, LIVE_KEY_PREFIX, maskKey } from './api-keys';
export { DatabaseFileError, type Db, openDatabase } from './open-database';
export {
  type AuthResult,
  type CheckMode,
  createStore,
  type KeyRecord,
  monthKey,
  type RankedServer,
  type ServerFields,
  type ServerInput,
  type ServerRecord,
  type ServerStats,
  type Store,
  StoreError,
  type StoreOptions,
  type VoteFilter,
  type VoteInput,
  type VoteRecord,
  type VoterRef,
} from './store';
export { USERNAME_MAX_LENGTH, usernameKey, validateUsername } from './username';
