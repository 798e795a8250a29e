import { hash, randomBytes } from 'node:crypto';

/** The fixed prefix of every live key. */
export const LIVE_KEY_PREFIX = 'live_';
/** Random characters generated after `live_`. */
export const KEY_RANDOM_LENGTH = 40;
/** Random characters of a key kept in clear as its public identifier (after `live_`). */
export const KEY_PREFIX_LENGTH = 8;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY_SHAPE = /^live_[A-Za-z0-9]{32,128}$/;

/** A freshly generated key: the secret and the parts stored in clear. */
export interface GeneratedKey {
  /** The full secret key, shown once. */
  key: string;
  /** Public identifier used to revoke the key (`live_` + the first 8 random characters). */
  prefix: string;
  /** Last 4 characters, for masked display. */
  suffix: string;
  /** SHA-256 of the key. */
  hash: Buffer;
}

/** Generates a live key: `live_` followed by 40 base62 characters from the system CSPRNG. */
export function generateKey(): GeneratedKey {
  let random = '';
  while (random.length < KEY_RANDOM_LENGTH) {
    for (const byte of randomBytes(64)) {
      // 248 = 4 × 62: dropping the top bytes keeps every character equally likely
      if (byte < 248 && random.length < KEY_RANDOM_LENGTH) random += ALPHABET[byte % 62];
    }
  }
  const key = `${LIVE_KEY_PREFIX}${random}`;
  return {
    key,
    prefix: key.slice(0, LIVE_KEY_PREFIX.length + KEY_PREFIX_LENGTH),
    suffix: key.slice(-4),
    hash: hashKey(key),
  };
}

/** SHA-256 of a key, as stored. */
export function hashKey(key: string): Buffer {
  return hash('sha256', key, 'buffer');
}

/** SHA-256 of a key in base64, the form the authenticated-key cache is keyed by. */
export function hashKeyBase64(key: string): string {
  return hash('sha256', key, 'base64');
}

/** True when a string has the shape of a live key (`live_` + 32 to 128 letters or digits). */
export function isWellFormedKey(key: string): boolean {
  return KEY_SHAPE.test(key);
}

/** Masked form of a key for display and logs: `live_****abcd`. */
export function maskKey(suffix: string): string {
  return `${LIVE_KEY_PREFIX}****${suffix}`;
}
