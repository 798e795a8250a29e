import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load';
import { createTranslator, LOCALES, type Locale, MESSAGE_KEYS, MESSAGES } from '../../src/i18n/messages';

const KEY = 'live_0123456789abcdef0123456789abcdef';
const base = { apiUrl: 'https://votes.example', apiKey: KEY };

const placeholders = (template: string) =>
  [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

/** Keys whose text may equal en in another language: nothing but placeholders and neutral signs. */
const SAME_AS_EN = new Set(['reward_item']);

const translated = LOCALES.filter((locale) => locale !== 'en');
const added = ['de', 'es', 'pt-BR', 'pl', 'nl'] as const;

const rows = LOCALES.flatMap((locale) => MESSAGE_KEYS.map((key) => ({ locale, key })));

describe('built-in messages of every locale', () => {
  it('speaks en, fr, de, es, pt-BR, pl and nl', () => {
    expect([...LOCALES]).toEqual(['en', 'fr', 'de', 'es', 'pt-BR', 'pl', 'nl']);
    expect(Object.keys(MESSAGES).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES)
      expect(Object.keys(MESSAGES[locale]).sort()).toEqual([...MESSAGE_KEYS].sort());
  });

  it.each(rows)('$locale $key has the placeholders of en and keeps /{command}', ({ locale, key }) => {
    const text = MESSAGES[locale][key];
    const source = MESSAGES.en[key];
    expect(placeholders(text)).toEqual(placeholders(source));
    expect(text.includes('/{command}')).toBe(source.includes('/{command}'));
  });

  it.each(rows)('$locale $key is a real text: not empty, not the key, no stray braces', ({ locale, key }) => {
    const text = MESSAGES[locale][key];
    expect(text.trim()).not.toBe('');
    expect(text).toBe(text.trim());
    expect(text).not.toBe(key);
    expect(text.replace(/\{\w+\}/g, '')).not.toMatch(/[{}]/);
  });

  it.each(translated.flatMap((locale) => MESSAGE_KEYS.map((key) => ({ locale, key }))))(
    '$locale $key is translated, not left in English',
    ({ locale, key }) => {
      if (SAME_AS_EN.has(key)) {
        expect(MESSAGES.en[key].replace(/\{\w+\}/g, '')).toMatch(/^[\s\dx#:/.-]*$/);
      } else {
        expect(MESSAGES[locale][key]).not.toBe(MESSAGES.en[key]);
      }
    },
  );

  it.each(added)('%s writes no "(s)"-style plural that a count cannot agree with', (locale) => {
    for (const key of MESSAGE_KEYS) expect(MESSAGES[locale][key], key).not.toMatch(/\p{L}\(\p{L}{1,3}\)/u);
  });
});

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
};

describe('createTranslator in every locale', () => {
  it('has a value for every placeholder any message uses', () => {
    const used = new Set(
      LOCALES.flatMap((locale) => MESSAGE_KEYS.flatMap((key) => placeholders(MESSAGES[locale][key]))),
    );
    expect([...used].sort()).toEqual(Object.keys(VARS).sort());
  });

  it.each(rows)('fills every placeholder of $locale $key', ({ locale, key }) => {
    const line = createTranslator(locale)(key, VARS);
    expect(line).not.toMatch(/\{\w+\}/);
    for (const name of placeholders(MESSAGES.en[key]))
      expect(line).toContain(String(VARS[name as keyof typeof VARS]));
    if (MESSAGES.en[key].includes('/{command}')) expect(line).toContain('/vote');
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
