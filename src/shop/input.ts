/**
 * What a player typed after the shop command, read as hostile input: bounded in count and length, ids compared
 * without case, anything that cannot be an item id named back (invisible characters shown) instead of guessed.
 */

/** Longest item id the shop reads; config ids are shorter, so a longer word is named as too long, not looked up. */
export const SHOP_ID_MAX = 32;
/** Longest typed word echoed back to the player. */
const ECHO_MAX = 40;
/** A page number of the list: 1 to 999. */
const PAGE = /^[1-9]\d{0,2}$/;
/** What an item id is made of (the config's own rule for ids, compared in lower case). */
const ID_PATTERN = /^[a-z0-9_-]+$/;
/** Characters no one types on purpose in an id: controls, separators, zero-width and bidi marks. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\p{Cf}\s]/gu;

/** A request to the shop from chat or the menu. */
export type ShopRequest =
  /** The list, from page `page` (1 = the first). */
  | { kind: 'list'; page: number }
  | { kind: 'buy'; id: string; confirm: boolean }
  /** A word that cannot be an item id: `typed` is what the player sent, cut, for naming it back. */
  | { kind: 'bad_id'; typed: string; reason: 'too_long' | 'invalid_characters' | 'not_text'; hint: string }
  | { kind: 'usage' };

/**
 * Reads a typed item id: lower case; `bad_id` when it is not a non-empty text, is longer than {@link SHOP_ID_MAX} or
 * holds characters an id cannot (its `hint` is the word without invisible characters, for "did you mean").
 */
export function readItemId(
  raw: unknown,
): { ok: true; id: string } | Extract<ShopRequest, { kind: 'bad_id' }> {
  if (typeof raw !== 'string' || raw === '')
    return { kind: 'bad_id', typed: '', reason: 'not_text', hint: '' };
  // A word of a megabyte costs no more than one of a hundred characters: only its head is ever looked at.
  const head = raw.slice(0, 4 * ECHO_MAX);
  const chars = [...head];
  const typed = chars.slice(0, ECHO_MAX).join('');
  const id = head.toLowerCase();
  if (chars.length > SHOP_ID_MAX) return { kind: 'bad_id', typed, reason: 'too_long', hint: '' };
  if (!ID_PATTERN.test(id))
    return {
      kind: 'bad_id',
      typed,
      reason: 'invalid_characters',
      hint: id.replace(INVISIBLE, ''),
    };
  return { ok: true, id };
}

/**
 * The arguments of `/voteshop`: none lists, a page number (`/voteshop 2`, `/voteshop list 2`) lists that page,
 * `buy <id> [confirm]` buys; anything else is the usage. More than three words is the usage too (a flood of words is
 * not read).
 */
export function parseShopArgs(args: readonly unknown[]): ShopRequest {
  if (args.length === 0) return { kind: 'list', page: 1 };
  if (args.length > 3) return { kind: 'usage' };
  const [verb, id, confirm] = args.map((word) => (typeof word === 'string' ? word : ''));
  const page = (text: string | undefined) => (text && PAGE.test(text) ? Number(text) : null);
  if (args.length === 1 && page(verb) !== null) return { kind: 'list', page: page(verb) as number };
  if (verb?.toLowerCase() === 'list' && args.length <= 2) {
    if (args.length === 1) return { kind: 'list', page: 1 };
    const asked = page(id);
    return asked === null ? { kind: 'usage' } : { kind: 'list', page: asked };
  }
  if (verb?.toLowerCase() !== 'buy' || id === undefined) return { kind: 'usage' };
  if (confirm !== undefined && confirm.toLowerCase() !== 'confirm') return { kind: 'usage' };
  const read = readItemId(id);
  if (!('ok' in read)) return read;
  return { kind: 'buy', id: read.id, confirm: confirm !== undefined };
}
