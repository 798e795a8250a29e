/** The language file of the configured locale, read as config.json is: a JSON mistake named by line and column. */
import { readLocaleFile } from '../i18n/locale-files';
import type { Locale, MessageTable } from '../i18n/messages';
import type { Runtime } from '../runtime/runtime';
import { explainJsonMistake } from './json-syntax';

/** The built-in texts of `locale` from its file (`locales/<locale>.json`), the file's problem (if any) logged. */
export function localeMessagesOf(locale: Locale, runtime: Runtime): MessageTable {
  const read = readLocaleFile(locale, runtime.loadResourceFile, explainJsonMistake);
  if (read.problem) runtime.log.warn(read.problem);
  return read.messages;
}
