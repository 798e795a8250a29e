/**
 * Properties of the shop's reading of players' words: whatever is typed (any text, invisible and control characters,
 * huge words, non-text from a forged client), the answer is one bounded line on one line, an id sent to the core is
 * always a well-formed configured-shape id, and no answer ever says "bought" for something the core did not sell.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../src/i18n/messages';
import type { BuyResult } from '../../src/points/types';
import { parseShopArgs } from '../../src/shop/input';
import { badIdMessage, buyMessage, type ShopWords } from '../../src/shop/render';
import { SETTINGS } from './fake-shop';

const words: ShopWords = {
  translate: createTranslator('en'),
  command: 'voteshop',
  items: new Map(SETTINGS.items.map((item) => [item.id, item])),
  nameOf: (item) => (typeof item.name === 'string' ? item.name : (item.name.en ?? item.id)),
  dayOf: (ms) => new Date(ms).toISOString().slice(0, 10),
};
const context = { rewards: () => '2 x bread', resetsAt: () => null };

/** Words players type: any text, with invisible and control characters mixed in, and sometimes very long. */
const word = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.constantFrom(
    'buy',
    'BUY',
    'confirm',
    'vip7',
    'bread',
    'Bread',
    'vip\u200b7',
    'br\u202eead',
    '^1vip7',
    'a'.repeat(5000),
  ),
  fc.stringMatching(/^[a-z0-9_-]{1,40}$/),
);
const hostile = fc.oneof(word, fc.integer(), fc.constant(null), fc.object({ maxDepth: 1 }));

describe('players’ words, whatever they are', () => {
  it('parse into a request whose id is well formed, or into a bounded one-line answer naming what came', () => {
    fc.assert(
      fc.property(fc.array(hostile, { maxLength: 6 }), (args) => {
        const request = parseShopArgs(args);
        if (request.kind === 'buy') expect(request.id).toMatch(/^[a-z0-9_-]{1,32}$/);
        if (request.kind === 'bad_id') {
          const line = badIdMessage(words, request);
          expect(line).not.toMatch(/[\n\r\u2028\u2029\u200b\u202e]/);
          expect([...line].length).toBeLessThan(300);
        }
      }),
    );
  });

  it('never answer "You bought" unless the core charged for a configured item (delivered or owed)', () => {
    const codes = [
      'delivered',
      'delivery_pending',
      'held',
      'refunded',
      'shop_disabled',
      'unknown_item',
      'unknown_player',
      'not_loaded',
      'no_permission',
      'limit_reached',
      'out_of_stock',
      'insufficient_points',
      'confirm_required',
      'cannot_receive',
      'busy',
      'ledger_unreadable',
    ] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...codes),
        word,
        fc.integer({ min: 1, max: 1_000_000_000 }),
        (code, item, cost) => {
          const result = (
            code === 'delivered' || code === 'delivery_pending' || code === 'held'
              ? { ok: true, code, purchaseId: 'p', item, cost, balance: 0 }
              : code === 'refunded'
                ? { ok: false, code, purchaseId: 'p', item, cost, balance: 0, problem: 'x' }
                : { ok: false, code, item }
          ) as BuyResult;
          const line = buyMessage(words, result, context);
          const configured = words.items.has(item.toLowerCase());
          if (line.startsWith('You bought'))
            expect((code === 'delivered' || code === 'delivery_pending') && configured).toBe(true);
          expect(line).not.toContain('for 0 point');
          expect(line).not.toMatch(/[\n\r]/);
        },
      ),
    );
  });
});
