import { describe, expect, it } from 'vitest';
import { parseShopArgs, readItemId, SHOP_ID_MAX } from '../../src/shop/input';

describe('parseShopArgs', () => {
  it.each<[string, unknown[], ReturnType<typeof parseShopArgs>]>([
    ['no words lists', [], { kind: 'list', page: 1 }],
    ['"list" lists', ['LIST'], { kind: 'list', page: 1 }],
    ['a number lists that page', ['3'], { kind: 'list', page: 3 }],
    ['"list 2" lists page 2', ['list', '2'], { kind: 'list', page: 2 }],
    ['page 0 is the usage', ['0'], { kind: 'usage' }],
    ['"list x" is the usage', ['list', 'x'], { kind: 'usage' }],
    ['buy <id> buys, the id in lower case', ['buy', 'VIP7'], { kind: 'buy', id: 'vip7', confirm: false }],
    ['BUY <id> CONFIRM confirms', ['BUY', 'vip7', 'Confirm'], { kind: 'buy', id: 'vip7', confirm: true }],
    ['buy without an id is the usage', ['buy'], { kind: 'usage' }],
    ['a third word other than confirm is the usage', ['buy', 'vip7', 'yes'], { kind: 'usage' }],
    ['an unknown verb is the usage', ['sell', 'vip7'], { kind: 'usage' }],
    ['more than three words is the usage', ['buy', 'vip7', 'confirm', 'x'], { kind: 'usage' }],
    [
      'a non-string word is never an id',
      ['buy', 7],
      { kind: 'bad_id', typed: '', reason: 'not_text', hint: '' },
    ],
  ])('%s', (_name, args, expected) => {
    expect(parseShopArgs(args)).toEqual(expected);
  });

  it('names an id with a zero-width space as typed, and hints the id without it', () => {
    expect(parseShopArgs(['buy', 'vip\u200b7'])).toEqual({
      kind: 'bad_id',
      typed: 'vip\u200b7',
      reason: 'invalid_characters',
      hint: 'vip7',
    });
  });

  it('reads only the head of a huge word and calls it too long', () => {
    const huge = 'a'.repeat(1_000_000);
    const read = readItemId(huge);
    expect(read).toMatchObject({ kind: 'bad_id', reason: 'too_long' });
    expect('typed' in read && [...read.typed].length).toBeLessThanOrEqual(40);
  });

  it(`accepts an id of ${SHOP_ID_MAX} characters and refuses one more`, () => {
    expect(readItemId('a'.repeat(SHOP_ID_MAX))).toEqual({ ok: true, id: 'a'.repeat(SHOP_ID_MAX) });
    expect(readItemId('a'.repeat(SHOP_ID_MAX + 1))).toMatchObject({ kind: 'bad_id', reason: 'too_long' });
  });
});
