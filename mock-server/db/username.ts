import { nameKey } from '../../contract/name-key';

/** Longest accepted username, in code points, after trimming. */
export const USERNAME_MAX_LENGTH = 64;

// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/u;

/**
 * Checks a player name as the API accepts it: 1–64 code points after trimming, no control characters.
 * Returns the trimmed name, or a sentence saying what is wrong.
 */
export function validateUsername(
  raw: string,
): { ok: true; username: string } | { ok: false; message: string } {
  const username = raw.trim();
  const length = [...username].length;
  if (length === 0) return { ok: false, message: 'username must not be empty' };
  if (length > USERNAME_MAX_LENGTH) {
    return {
      ok: false,
      message: `username must be at most ${USERNAME_MAX_LENGTH} characters, got ${length}`,
    };
  }
  if (CONTROL_CHARACTERS.test(username))
    return { ok: false, message: 'username must not contain control characters' };
  return { ok: true, username };
}

/** The key usernames are matched by: the resource's own name key (trimmed, NFKC and full Unicode case folding). */
export function usernameKey(username: string): string {
  return nameKey(username);
}
