/** Longest console line the sink prints, in code points; longer lines are cut. */
export const LINE_MAX = 2000;
/** Longest player name shown in a console or chat line. */
export const NAME_MAX = 64;
/** Longest other outside value (API field, vote id, config value) shown in a console or chat line. */
export const VALUE_MAX = 128;

// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal escape sequences are what is removed
const ANSI_SEQUENCE = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-Z\\-_])/g;
/** C0 and C1 controls (newlines, tabs, ESC...), line/paragraph separators and bidi controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is made visible
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** FiveM colour codes (`^0`-`^9`), which the console and the chat render. */
const COLOUR_CODE = /\^[0-9]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const visible = (char: string): string => {
  const named = NAMED[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
};

/**
 * Makes a value from outside (API field, player name, vote id, config value) safe to print on one console or chat
 * line: terminal escape sequences and FiveM colour codes removed, control and bidi characters shown as `\n`, `\x1b`,
 * `\u202e`, and the result cut to `max` code points with an ellipsis.
 */
export function cleanText(value: unknown, max: number = VALUE_MAX): string {
  let text = String(value).replace(ANSI_SEQUENCE, '').replace(INVISIBLE, visible);
  // Removing one code can join its neighbours into another (`^^11` → `^1`), so repeat until none is left.
  for (let before = ''; before !== text; ) {
    before = text;
    text = text.replace(COLOUR_CODE, '');
  }
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}
