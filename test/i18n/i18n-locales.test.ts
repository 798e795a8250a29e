import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load';
import {
  createTranslator,
  LOCALES,
  type Locale,
  MESSAGE_KEYS,
  MESSAGES,
  type MessageKey,
} from '../../src/i18n/messages';

const KEY = 'live_0123456789abcdef0123456789abcdef';
const base = { apiUrl: 'https://votes.example', apiKey: KEY };

const placeholders = (template: string) =>
  [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

/** Keys whose text may equal en in another language: nothing but placeholders and neutral signs. */
const SAME_AS_EN = new Set(['reward_item']);

const added = ['de', 'es', 'pt-BR', 'pl', 'nl'] as const;

/** A value for each placeholder that is easy to find in the filled text. */
const VARS = {
  rewards: 'REWARDS',
  name: 'Steve',
  url: 'https://votes.example/servers/7/vote',
  command: 'vote',
  minutes: 5,
  count: 3,
  seconds: 12,
  item: 'bread',
  amount: 500,
  votes: 42,
  days: 6,
  rank: 2,
  month: '2026-11',
  best: 9,
  hours: 20,
  left: 8,
  goal: 50,
  min: 4,
  players: 11,
  list: 'Steve, Alex',
  balance: 340,
  cap: 1000,
  delta: '+25',
  id: 'vip7',
  cost: 150,
  ids: '"vip7", "vip30"',
  stock: 17,
  limit: 2,
  reset: '2026-11-30',
  max: 32,
  page: 2,
  site: 'Trackyserver',
  sites: 'Trackyserver (https://trackyserver.example/vote), Top-Serveurs (https://top-serveurs.example/vote)',
  remind: 'votereminders',
  time: '2 h 5 min',
};

/** What is wrong with one message of a locale (or its `override`), one line per fault (empty when it is fine). */
const faultsOf = (locale: Locale, key: MessageKey, override?: string): string[] => {
  const text = override ?? MESSAGES[locale][key];
  const source = MESSAGES.en[key];
  const faults: string[] = [];
  const fault = (broken: boolean, what: string, shown = text) => {
    if (broken) faults.push(`${locale} ${key}: ${what} (${JSON.stringify(shown)})`);
  };
  fault(
    placeholders(text).join() !== placeholders(source).join(),
    `placeholders ${placeholders(text).join()} differ from en's ${placeholders(source).join()}`,
  );
  fault(text.includes('/{command}') !== source.includes('/{command}'), '/{command} not as in en');
  fault(text.trim() === '', 'empty');
  fault(text !== text.trim(), 'leading or trailing spaces');
  fault(text === key, 'the key, not a text');
  fault(/[{}]/.test(text.replace(/\{\w+\}/g, '')), 'a stray brace');
  if (locale !== 'en' && SAME_AS_EN.has(key))
    fault(!/^[\s\dx#:/.-]*$/.test(source.replace(/\{\w+\}/g, '')), 'kept as en but en has words');
  else if (locale !== 'en') fault(text === source, 'left in English');
  if ((added as readonly string[]).includes(locale))
    fault(/\p{L}\(\p{L}{1,3}\)/u.test(text), 'a "(s)"-style plural that a count cannot agree with');
  const line = createTranslator(locale, { [locale]: { [key]: text } })(key, VARS);
  fault(/\{\w+\}/.test(line), 'a placeholder left unfilled', line);
  for (const name of placeholders(source))
    fault(!line.includes(String(VARS[name as keyof typeof VARS])), `{${name}} not filled in`, line);
  fault(source.includes('/{command}') && !line.includes('/vote'), 'no /vote', line);
  return faults;
};

describe('built-in messages of every locale', () => {
  it('speaks en, fr, de, es, pt-BR, pl and nl', () => {
    expect([...LOCALES]).toEqual(['en', 'fr', 'de', 'es', 'pt-BR', 'pl', 'nl']);
    expect(Object.keys(MESSAGES).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES)
      expect(Object.keys(MESSAGES[locale]).sort()).toEqual([...MESSAGE_KEYS].sort());
  });

  // One test per locale that names every bad key at once: the placeholders and /{command} of en, a real text (not
  // empty, trimmed, not the key, no stray brace), translated, no "(s)" plural (added locales), every placeholder filled.
  it.each(LOCALES)("%s: every message is a real translation with en's placeholders, all filled", (locale) => {
    expect(MESSAGE_KEYS.flatMap((key) => faultsOf(locale, key))).toEqual([]);
  });

  it.each([
    ['', 'fr cooldown: empty'],
    ['cooldown', 'fr cooldown: the key, not a text'],
    [MESSAGES.en.cooldown, 'fr cooldown: left in English'],
  ])('names a French cooldown of %j as a fault', (text, fault) => {
    expect(faultsOf('fr', 'cooldown', text).map((line) => line.slice(0, line.indexOf(' (')))).toContain(
      fault,
    );
  });

  it('finds each kind of fault in a broken message, naming the locale and key', () => {
    expect(
      faultsOf('de', 'cooldown', ' Warte {secs} Sekunde(n) } ')
        .map((line) => line.slice(0, line.indexOf(' (')))
        .sort(),
    ).toEqual(
      [
        "de cooldown: placeholders secs differ from en's command,seconds",
        'de cooldown: /{command} not as in en',
        'de cooldown: leading or trailing spaces',
        'de cooldown: a stray brace',
        'de cooldown: a "(s)"-style plural that a count cannot agree with',
        'de cooldown: a placeholder left unfilled',
        'de cooldown: {seconds} not filled in',
        'de cooldown: {command} not filled in',
        'de cooldown: no /vote',
      ].sort(),
    );
  });
});

describe('createTranslator in every locale', () => {
  it('has a value for every placeholder any message uses', () => {
    const used = new Set(
      LOCALES.flatMap((locale) => MESSAGE_KEYS.flatMap((key) => placeholders(MESSAGES[locale][key]))),
    );
    expect([...used].sort()).toEqual(Object.keys(VARS).sort());
  });

  it.each<[Locale, string, string]>([
    [
      'de',
      'Warte noch 12 s, bevor du /vote erneut eingibst.',
      'Danke fürs Voten! Du hast 500 $ Bargeld erhalten.',
    ],
    [
      'es',
      'Espera 12 s antes de volver a escribir /vote.',
      '¡Gracias por votar! Has recibido 500 $ en efectivo.',
    ],
    [
      'pt-BR',
      'Aguarde 12 s antes de digitar /vote de novo.',
      'Valeu pelo voto! Você recebeu $ 500 em dinheiro.',
    ],
    ['pl', 'Poczekaj 12 s, zanim znowu wpiszesz /vote.', 'Dzięki za głos! Otrzymujesz: 500 $ w gotówce.'],
    [
      'nl',
      'Wacht 12 s voordat je /vote opnieuw typt.',
      'Bedankt voor het stemmen! Je hebt $ 500 contant gekregen.',
    ],
  ])('speaks %s: the cooldown and a cash reward', (locale, cooldown, rewarded) => {
    const translate = createTranslator(locale);
    expect(translate('cooldown', { seconds: 12, command: 'vote' })).toBe(cooldown);
    expect(translate('rewarded', { rewards: translate('reward_money', { amount: 500 }) })).toBe(rewarded);
  });
});

describe('messages.<locale> in config.json', () => {
  it.each(LOCALES)('replaces the built-in %s text of the keys it names, and only those', (locale) => {
    const other = LOCALES.find((code) => code !== locale) as Locale;
    const result = loadConfig({
      text: JSON.stringify({
        ...base,
        locale,
        messages: {
          [locale]: { rewarded: 'GG {name}, {rewards}!' },
          [other]: { cooldown: 'elsewhere {seconds}' },
        },
      }),
      convar: () => null,
    });
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.config.locale).toBe(locale);
    const translate = createTranslator(result.config.locale, result.config.messages);
    expect(translate('rewarded', { name: 'Steve', rewards: '500 $' })).toBe('GG Steve, 500 $!');
    expect(translate('cooldown', { seconds: 3, command: 'vote' })).toBe(
      createTranslator(locale)('cooldown', { seconds: 3, command: 'vote' }),
    );
    expect(translate('cooldown', { seconds: 3, command: 'vote' })).not.toContain('elsewhere');
  });

  it('rejects a locale the resource does not speak', () => {
    const result = loadConfig({ text: JSON.stringify({ ...base, locale: 'it' }), convar: () => null });
    expect(result).toEqual({
      ok: false,
      problems: ['locale: expected one of "en", "fr", "de", "es", "pt-BR", "pl", "nl", got "it"'],
    });
  });
});
