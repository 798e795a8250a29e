/**
 * The one display-name function: every player name shown to other people (chat, `/votetop`, announcements,
 * Discord, admin lines) goes through {@link displayName} for its target.
 *
 * Cleaning, the same for every target, in this order:
 * 1. line breaks, tabs and the blank fillers (Hangul fillers, braille blank) become spaces; every other C0/C1
 *    control (ESC included, alone: no ANSI-sequence rule that would eat the character after it) is removed;
 * 2. Unicode format characters (category Cf: zero-width space/joiners, bidi overrides and isolates, BOM, soft
 *    hyphen, tags) and the combining grapheme joiner are removed, so `Ste\u200bve` shows as `Steve`;
 * 3. every style code the FiveM chat renders is removed, again until none is left (`^^11` → `^1` → ``):
 *    `^0`–`^9`, `^#` (hex colours), `^*` `^_` `^~` `^=` `^/` `^r` (styles), `~x~` (game colours);
 * 4. runs of whitespace fold into one space, the ends are trimmed, and the name is cut to `max` code points.
 *
 * Then it is escaped for its target: `chat` and `console` (both render `^` codes) drop a trailing `^` that the
 * text after the name could complete into a code; `discord` puts a backslash before every ASCII punctuation
 * character, so no markdown, masked link, list marker, heading, `:shortcode:`, mention, link or `discord.gg/…`
 * invite survives. The name is cleaned first and escaped after; nothing that runs later may touch the escaped text
 * (see `listenForDiscord`).
 */
import { cut, NAME_MAX, withoutStyleCodes } from './clean-text';

/** Where a name is shown. */
export type DisplayTarget = 'chat' | 'console' | 'discord';

const BLANK = /[\t\n\v\f\r\u0085\u115f\u1160\u2800\u3164\uffa0]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const FORMAT = /\p{Cf}|\u034f/gu;
const SPACES = /\s+/g;
const PUNCTUATION = /[!-/:-@[-`{-~]/g;

/** The cleaned name, not yet escaped for a target: what every target shows, and what names are compared on. */
export function cleanName(value: unknown, max: number = NAME_MAX): string {
  const text = String(value ?? '')
    .replace(BLANK, ' ')
    .replace(CONTROL, '')
    .replace(FORMAT, '');
  return cut(withoutStyleCodes(text).replace(SPACES, ' ').trim(), max);
}

/**
 * Escapes an already cleaned text for a Discord message: a backslash before every ASCII punctuation character, which
 * Discord shows as typed. No markdown, masked link, list marker, heading, quote, spoiler, `:shortcode:`, mention,
 * `<…>` tag or `https://` is left in the text Discord reads, so a URL posts neither as a link nor as a preview or
 * invite card (`https\:\/\/discord\.gg\/…` shows as `https://discord.gg/…`).
 */
export function escapeForDiscord(text: string): string {
  return text.replace(PUNCTUATION, '\\$&');
}

/** A player name as shown to other people on `target`, cleaned then escaped; at most `max` code points before escaping. */
export function displayName(value: unknown, target: DisplayTarget, max: number = NAME_MAX): string {
  const clean = cleanName(value, max);
  if (target === 'discord') return escapeForDiscord(clean);
  // A `^` at the end could become a code with the text the message puts after the name (`{name}1`).
  return clean.replace(/[\s^]+$/, '');
}
