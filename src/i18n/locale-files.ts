/**
 * The built-in texts of the languages other than English: `locales/<locale>.json` at the resource's root, one object
 * of `"key": "text"` pairs, read with `LoadResourceFile` when the resource starts (as ox_lib reads its locales).
 * Owners may edit them. A file that is missing or unreadable is named in one console line and the language's players
 * read English; a key the file lacks, or whose text is not a string, is said in English.
 */

import { EN, type Locale, MESSAGE_KEYS, type MessageKey, type MessageTable } from './messages';

/** The path of a language's file inside the resource folder. */
export function localeFile(locale: Exclude<Locale, 'en'>): string {
  return `locales/${locale}.json`;
}

/** A language's texts as its file gave them, and what was wrong with the file (null when nothing). */
export interface LocaleRead {
  messages: MessageTable;
  problem: string | null;
}

/** How much of a list a console line shows before "and N more". */
const LIST_MAX = 5;

/** Says where and what a JSON syntax mistake is (`line 4, column 67: …`); the engine's message when left out. */
export type ExplainJson = (text: string, error: unknown) => string;

const engineMessage: ExplainJson = (_text, error) =>
  `not valid JSON (${error instanceof Error ? error.message : String(error)})`;

/**
 * Reads and checks `locale`'s file through `load` (the runtime's `loadResourceFile`); English needs no file.
 * `explain` names a syntax mistake (the resource passes config.json's reader, so both files are explained alike).
 */
export function readLocaleFile(
  locale: Locale,
  load: (path: string) => string | null,
  explain: ExplainJson = engineMessage,
): LocaleRead {
  if (locale === 'en') return { messages: {}, problem: null };
  const path = localeFile(locale);
  const english = `players who speak ${locale} read English`;
  let text: string | null;
  try {
    text = load(path);
  } catch (error) {
    return { messages: {}, problem: `${path} cannot be read (${String(error)}); ${english}` };
  }
  if (text === null)
    return { messages: {}, problem: `${path} is missing from the resource folder; ${english}` };
  let value: unknown;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    value = JSON.parse(body);
  } catch (error) {
    return { messages: {}, problem: `${path} ${explain(body, error)}; ${english}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { messages: {}, problem: `${path} is not a JSON object of "key": "text" pairs; ${english}` };
  const given = value as Record<string, unknown>;
  const messages: MessageTable = {};
  const lacking: MessageKey[] = [];
  for (const key of MESSAGE_KEYS) {
    const entry = Object.hasOwn(given, key) ? given[key] : undefined;
    if (typeof entry === 'string' && entry.trim() !== '') messages[key] = entry;
    else lacking.push(key);
  }
  const unknown = Object.keys(given).filter((key) => !Object.hasOwn(EN, key));
  const faults = [
    ...(lacking.length > 0 ? [`no text for ${listed(lacking)} (said in English)`] : []),
    ...(unknown.length > 0
      ? [`unknown ${unknown.length === 1 ? 'key' : 'keys'} ${listed(unknown)} (ignored)`]
      : []),
  ];
  return { messages, problem: faults.length > 0 ? `${path}: ${faults.join('; ')}` : null };
}

/** Up to {@link LIST_MAX} names, quoted, then how many more. */
function listed(names: readonly string[]): string {
  const shown = names.slice(0, LIST_MAX).map((name) => JSON.stringify(name));
  const more = names.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}
