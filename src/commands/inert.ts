/**
 * What `/vote` answers while the resource is not running: the command name and the language are read from a
 * config.json that failed to load, as far as they can be read, so players hear "not available" instead of silence.
 */
import { explainJsonMistake } from '../config/json-syntax';
import { readLocaleFile } from '../i18n/locale-files';
import { createTranslator, LOCALES, type Locale, type Translate } from '../i18n/messages';

/** The claim command's name when config.json does not give one. */
export const DEFAULT_COMMAND = 'vote';

/** The command name and language an inert resource answers with. */
export interface InertSettings {
  /** The claim command players type (config.json's `command` when it can be read, else `vote`). */
  command: string;
  /** config.json's `locale` when it can be read and is supported, else `en`. */
  locale: Locale;
}

/** Same rule as the config schema's `command`. */
const COMMAND_NAME = /^[a-z0-9_-]{1,32}$/;

/**
 * Reads `command` and `locale` from the top level of config.json's text, forgiving what owners' hand edits break
 * (a trailing comma, comments); anything unreadable falls back to `vote` and English.
 */
export function inertSettings(text: string | null): InertSettings {
  const top = parseLeniently(text);
  const command = typeof top?.command === 'string' && COMMAND_NAME.test(top.command) ? top.command : null;
  const locale = LOCALES.find((known) => known === top?.locale);
  return { command: command ?? DEFAULT_COMMAND, locale: locale ?? 'en' };
}

function parseLeniently(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (const candidate of [body, relax(body)]) {
    try {
      const value: unknown = JSON.parse(candidate);
      return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : null;
    } catch {
      // The next, more forgiving reading is tried; none is an answer of its own.
    }
  }
  return null;
}

/** Drops comments and trailing commas outside strings (JSON5 habits), so the rest of a hand-edited file reads. */
function relax(text: string): string {
  return text.replace(
    /("(?:[^"\\]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\/|,(?=\s*[}\]])/g,
    (_whole, string: string | undefined) => string ?? '',
  );
}

/** The claim command's name and translator while nothing runs, from what a broken config.json still told. */
export function inertAnswer(
  settings: InertSettings,
  load: (path: string) => string | null = () => null,
): { command: string; translate: Translate } {
  // A broken config.json is what the console shows now; a problem of the language's file waits for a good one.
  const builtIn = readLocaleFile(settings.locale, load, explainJsonMistake).messages;
  return { command: settings.command, translate: createTranslator(settings.locale, {}, builtIn) };
}
