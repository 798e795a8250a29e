/** Longest console line the sink prints, in code points; longer lines are cut. */
export const LINE_MAX = 2000;
/** Longest player name shown in a console or chat line. */
export const NAME_MAX = 64;
/** Longest other outside value (API field, vote id, config value) shown in a console or chat line. */
export const VALUE_MAX = 128;

/**
 * C0 and C1 controls (newlines, tabs, ESC...), line/paragraph separators and Unicode format characters (Cf:
 * zero-width, bidi controls, BOM, soft hyphen).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is made visible
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\p{Cf}]/gu;
/** Every code FiveM renders: `^0`-`^9`, `^#` (hex colours), `^* ^_ ^~ ^= ^/ ^r` (chat styles), `~r~` (game colours). */
const STYLE_CODE = /\^(?:[0-9*_~=/r]|#[0-9a-fA-F]{0,6})|~[a-zA-Z]~/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const visible = (char: string): string => {
  const named = NAMED[char];
  if (named) return named;
  const code = char.codePointAt(0) as number;
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  return code <= 0xffff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\u{${code.toString(16)}}`;
};

/** Removes FiveM style codes until none is left: removing one can join its neighbours into another (`^^11` → `^1`). */
export function withoutStyleCodes(text: string): string {
  let out = text;
  for (let before = ''; before !== out; ) {
    before = out;
    out = out.replace(STYLE_CODE, '');
  }
  return out;
}

/**
 * Makes a value from outside (API field, vote id, config value, a whole log line) safe to print on one console or
 * chat line: every FiveM style code removed; control, separator and format characters shown as `\n`, `\x1b`,
 * `\u200b`, `\u202e` (ESC alone: the characters after it are kept as they are); the result cut to `max` code
 * points with an ellipsis. Player names shown to other people go through `displayName` instead, which removes them.
 */
export function cleanText(value: unknown, max: number = VALUE_MAX): string {
  return cut(withoutStyleCodes(String(value).replace(INVISIBLE, visible)), max);
}

/** Cuts `text` to `max` code points, the last one an ellipsis when something was cut. */
export function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}
