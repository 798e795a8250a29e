/**
 * The vote shop end to end: the built bundle in the simulated FXServer, against the real mock, on the ESX, QBCore and
 * Qbox fakes. Points come from a real vote (`points.perVote`) and from the admin console; every purchase is read back
 * from the framework's own payout ledger and the player's chat.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createE2e, type E2e, type E2ePlayer, type Framework } from '../../devkit/worlds/e2e-harness';

const DAY = 86_400_000;
const BREAD = { id: 'bread', name: 'Bread x2', cost: 30, rewards: { type: 'item', item: 'bread', count: 2 } };
const CONFIG = {
  timeZone: 'UTC',
  reward: { type: 'money', amount: 100 },
  points: { perVote: 100 },
  shop: {
    enabled: true,
    menu: true,
    items: [
      { ...BREAD, limit: { count: 2, reset: 'weekly' } },
      { id: 'cash', name: 'Cash 500', cost: 40, rewards: { type: 'money', amount: 500 }, confirm: true },
    ],
  },
};

let world: E2e | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

/** A world on `framework` with Steve online, his vote claimed: 100 $ paid and 100 points credited. */
async function shopWorld(framework: Framework, config: Record<string, unknown> = CONFIG) {
  const w = await createE2e({ framework, config });
  world = w;
  await w.vote('Steve');
  const steve = await w.join('Steve');
  w.type(steve, '/vote');
  await w.until(() => w.messages(steve).length > 0);
  await w.advance(2000);
  return { w, steve };
}

/** The player types a line and the answers that arrive within a few seconds. */
async function say(w: E2e, player: E2ePlayer, line: string): Promise<string[]> {
  const before = w.messages(player).length;
  w.type(player, line);
  await w.advance(6000);
  return w.messages(player).slice(before);
}

const items = (w: E2e, player: E2ePlayer) =>
  w
    .ledger(player)
    .filter((entry) => entry.kind === 'item')
    .map((entry) => `${entry.name} x${entry.amount}`);
const cash = (w: E2e, player: E2ePlayer) =>
  w
    .ledger(player)
    .filter((entry) => entry.kind === 'money')
    .map((entry) => entry.amount);

describe.each<Framework>(['esx', 'qbcore', 'qbox'])('the vote shop on %s', (framework) => {
  it('earns points for a vote, buys once per command, and stops at the weekly limit until Monday', async () => {
    const { w, steve } = await shopWorld(framework);
    expect(await say(w, steve, '/votepoints')).toEqual([
      'You have 100 vote point(s).',
      'Spend them in the vote shop: /voteshop',
    ]);
    expect(await say(w, steve, '/voteshop buy BREAD')).toEqual([
      'You bought Bread x2 for 30 point(s). You have 70 point(s) left.',
    ]);
    expect(await say(w, steve, '/voteshop buy bread')).toEqual([
      'You bought Bread x2 for 30 point(s). You have 40 point(s) left.',
    ]);
    // 2025-06-02 is a Monday: the week's limit starts again on 2025-06-09.
    expect(await say(w, steve, '/voteshop buy bread')).toEqual([
      'You have bought Bread x2 as often as allowed (2); you can buy it again from 2025-06-09.',
    ]);
    expect(items(w, steve)).toEqual(['bread x2', 'bread x2']);

    await w.jump(7 * DAY, 3_600_000);
    const again = w.server.players().includes(steve.id)
      ? steve
      : await w.join('Steve', { license: steve.license });
    expect(await say(w, again, '/voteshop buy bread')).toEqual([
      'You bought Bread x2 for 30 point(s). You have 10 point(s) left.',
    ]);
    expect(items(w, steve).length + (again === steve ? 0 : items(w, again).length)).toBe(3);
    expect(await say(w, again, '/voteshop buy bread')).toEqual([
      'Bread x2 costs 30 point(s) and you have 10.',
    ]);
  });

  it('asks for confirm on a confirm item and pays only the confirmed buy; an unknown id is named, never bought', async () => {
    const { w, steve } = await shopWorld(framework);
    expect(await say(w, steve, '/voteshop buy cash')).toEqual([
      'Cash 500 costs 40 point(s). To buy it, type /voteshop buy cash confirm',
    ]);
    expect(await say(w, steve, '/voteshop buy cahs confirm')).toEqual([
      'The vote shop has no item "cahs". Did you mean "cash"? List: /voteshop',
    ]);
    expect(cash(w, steve)).toEqual([100]);
    expect(await say(w, steve, '/voteshop buy cash confirm')).toEqual([
      'You bought Cash 500 for 40 point(s). You have 60 point(s) left.',
    ]);
    expect(cash(w, steve)).toEqual([100, 500]);
  });

  it('gives the points back when the framework refuses the delivery after the debit', async () => {
    const { w, steve } = await shopWorld(framework);
    w.server.payoutHook = (entry) => (entry.kind === 'item' ? 'fail' : undefined);
    expect(await say(w, steve, '/voteshop buy bread')).toEqual([
      'Bread x2 could not be given, so your 30 point(s) were given back.',
    ]);
    w.server.payoutHook = null;
    expect(items(w, steve)).toEqual([]);
    expect(await say(w, steve, '/votepoints')).toEqual([
      'You have 100 vote point(s).',
      'Spend them in the vote shop: /voteshop',
    ]);
  });

  it('two buys typed in the same tick charge and deliver once', async () => {
    const { w, steve } = await shopWorld(framework);
    w.type(steve, '/voteshop buy bread');
    w.type(steve, '/voteshop buy bread');
    await w.advance(6000);
    const answers = w.messages(steve).slice(1);
    expect(answers).toContain('You bought Bread x2 for 30 point(s). You have 70 point(s) left.');
    expect(answers).toContain('Your previous purchase is still going through; wait a moment.');
    expect(items(w, steve)).toEqual(['bread x2']);
  });

  it('opens the player panel with /voteshop (shop.menu turns it on), and reads the old menu buy event as hostile input', async () => {
    const { w, steve } = await shopWorld(framework);
    const suggested = w.server.clientEvents(steve.id).filter((event) => event.name === 'chat:addSuggestion');
    expect(suggested.slice(0, 5).map((event) => event.args[0])).toEqual([
      '/vote',
      '/votelink',
      '/voteshop',
      '/votepoints',
      '/votemenu',
    ]);
    const panelsBefore = w.server
      .clientEvents(steve.id)
      .filter((e) => e.name === 'vote-reward:panel:state').length;
    await say(w, steve, '/voteshop');
    const panels = w.server
      .clientEvents(steve.id)
      .filter((event) => event.name === 'vote-reward:panel:state');
    expect(panels).toHaveLength(panelsBefore + 1);
    expect(panels.at(-1)?.args[0]).toMatchObject({
      shop: {
        title: 'Vote shop: 100 point(s)',
        items: [
          { id: 'bread', name: 'Bread x2', disabled: false },
          { id: 'cash', name: 'Cash 500', disabled: false },
        ],
      },
    });
    expect(w.server.clientEvents(steve.id).filter((event) => event.name === 'vote-reward:shop:menu')).toEqual(
      [],
    );
    const before = w.messages(steve).length;
    for (const args of [
      [{ id: 'cash', cost: 0 }],
      [null],
      ['x'.repeat(100_000)],
      ['cash', 'true'],
      [42, true],
    ]) {
      w.server.emitNet('vote-reward:shop:buy', steve.id, ...args);
      await w.advance(2000);
    }
    await w.advance(6000);
    expect(cash(w, steve)).toEqual([100]);
    expect(w.messages(steve).slice(before)).toEqual([
      'An item id is letters, digits, - and _ only, at most 32 characters. List: /voteshop',
      'An item id is letters, digits, - and _ only, at most 32 characters. List: /voteshop',
      'An item id is letters, digits, - and _ only, at most 32 characters. List: /voteshop',
      'Cash 500 costs 40 point(s). To buy it, type /voteshop buy cash confirm',
      'An item id is letters, digits, - and _ only, at most 32 characters. List: /voteshop',
    ]);
    w.server.emitNet('vote-reward:shop:buy', steve.id, 'cash', true);
    await w.advance(6000);
    expect(cash(w, steve)).toEqual([100, 500]);
  });
});

describe('shop limits against clock moves (built bundle)', () => {
  it('a 1-a-week item is bought once, whatever the server clock does back and forth within the real week', async () => {
    const { w, steve } = await shopWorld('esx', {
      ...CONFIG,
      timeZone: 'Europe/Paris',
      shop: {
        enabled: true,
        items: [
          {
            id: 'vip7',
            name: 'VIP week',
            cost: 10,
            rewards: { type: 'money', amount: 7000 },
            limit: { count: 1, reset: 'weekly' },
          },
        ],
      },
    });
    const answers: string[][] = [];
    answers.push(await say(w, steve, '/voteshop buy vip7'));
    for (const offset of [0, -8 * DAY, 0, -8 * DAY, 0]) {
      w.server.clock.setWallOffset(offset);
      answers.push(await say(w, steve, '/voteshop buy vip7'));
    }
    w.server.clock.setWallOffset(0);
    expect(answers[0]).toEqual(['You bought VIP week for 10 point(s). You have 90 point(s) left.']);
    for (const refused of answers.slice(1))
      expect(refused).toEqual([expect.stringMatching(/^You have bought VIP week as often as allowed \(1\)/)]);
    expect(cash(w, steve)).toEqual([100, 7000]);
  }, 60_000);
});

describe('a shop item the framework does not know (built bundle)', () => {
  it('turns off that item only: named at start, the other items on sale', async () => {
    const { w, steve } = await shopWorld('esx', {
      ...CONFIG,
      shop: {
        enabled: true,
        items: [
          { id: 'breadd', name: 'Typo bread', cost: 5, rewards: { type: 'item', item: 'breadd', count: 1 } },
          { id: 'cash', name: 'Cash 500', cost: 40, rewards: { type: 'money', amount: 500 } },
        ],
      },
    });
    const output = w.output();
    expect(output).toContain(
      'vote-reward: shop item(s) "breadd" off: the framework cannot pay them; the other items are on sale:',
    );
    expect(
      output.some((line) => line.includes('item "breadd": the item "breadd" does not exist in ESX')),
    ).toBe(true);
    expect(output.some((line) => line.includes('shop is off'))).toBe(false);
    expect(await say(w, steve, '/voteshop buy cash')).toEqual([
      'You bought Cash 500 for 40 point(s). You have 60 point(s) left.',
    ]);
    expect(cash(w, steve)).toEqual([100, 500]);
  }, 60_000);
});

describe('hostile words and floods at the shop (built bundle)', () => {
  it('an id with an invisible character is never echoed; a menu flood is told to wait once and buys once', async () => {
    const { w, steve } = await shopWorld('esx');
    expect(await say(w, steve, '/voteshop buy bre\u200bad')).toEqual([
      'That item id holds invisible characters or spaces. Did you mean "bread"? List: /voteshop',
    ]);
    const before = w.messages(steve).length;
    for (let i = 0; i < 20; i += 1) w.server.emitNet('vote-reward:shop:buy', steve.id, 'bread');
    await w.advance(3000);
    const answers = w.messages(steve).slice(before);
    expect(answers.filter((line) => line.startsWith('You bought Bread x2'))).toHaveLength(1);
    expect(
      answers.filter((line) => /^Please wait \d+ s before typing \/voteshop again\.$/.test(line)),
    ).toHaveLength(1);
    expect(items(w, steve)).toEqual(['bread x2']);
  }, 60_000);
});
