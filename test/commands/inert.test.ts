import { describe, expect, it } from 'vitest';
import { inertSettings } from '../../src/commands/inert';

describe('inertSettings reads the command and language a broken config.json still tells', () => {
  it.each([
    { what: 'no config.json', text: null, expected: { command: 'vote', locale: 'en' } },
    {
      what: 'a valid file',
      text: '{ "command": "claim", "locale": "pl" }',
      expected: { command: 'claim', locale: 'pl' },
    },
    {
      what: 'a trailing comma',
      text: '{\n  "command": "belohnung",\n  "locale": "de",\n  "reward": { "type": "money", "amount": 5, },\n}',
      expected: { command: 'belohnung', locale: 'de' },
    },
    {
      what: 'comments, with // inside a string kept',
      text: '{\n  // players type /stem\n  "command": "stem", /* Dutch */ "locale": "nl",\n  "voteUrl": "https://x.example/v"\n}',
      expected: { command: 'stem', locale: 'nl' },
    },
    {
      what: 'a byte order mark',
      text: '\uFEFF{ "command": "votar", "locale": "es" }',
      expected: { command: 'votar', locale: 'es' },
    },
    {
      what: "a reward's command (not the top level)",
      text: '{ "reward": { "type": "custom", "command": "give" }, }',
      expected: { command: 'vote', locale: 'en' },
    },
    {
      what: 'a command the schema refuses',
      text: '{ "command": "Vote Now", "locale": "it" }',
      expected: { command: 'vote', locale: 'en' },
    },
    {
      what: 'text that stays unreadable',
      text: '{ "command": "claim" "locale": "fr" ',
      expected: { command: 'vote', locale: 'en' },
    },
    {
      what: 'a list, not an object',
      text: '["command", "claim"]',
      expected: { command: 'vote', locale: 'en' },
    },
  ])('$what', ({ text, expected }) => {
    expect(inertSettings(text)).toEqual(expected);
  });
});
