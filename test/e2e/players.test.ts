import { afterEach, describe, expect, it } from 'vitest';
import { createE2e, type E2e, inventoryOf } from '../../devkit/worlds/e2e-harness';

let world: E2e | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

const items = (w: E2e) => w.ledger().map((e) => [e.framework, e.player, e.name, e.amount]);

describe('full inventory', () => {
  it('ESX: a full inventory keeps the vote, tells the player to make room, and pays once room is made', async () => {
    const w = await createE2e({
      framework: 'esx',
      config: { reward: { type: 'item', item: 'water', count: 10 } },
    });
    world = w;
    await w.vote('Steve');
    const steve = await w.join('Steve');
    inventoryOf(w, steve).add('gold_bar', 2);

    w.type(steve, '/vote');
    await w.until(() => w.messages(steve).length > 0);
    await w.advance(2000);
    expect(w.messages(steve)).toEqual([
      'Your reward is waiting: make room for 10 x water and type /vote again.',
    ]);
    expect(w.ledger()).toEqual([]);
    expect(w.unclaimed('Steve')).toHaveLength(1);

    inventoryOf(w, steve).remove('gold_bar', 1);
    await w.advance(11_000);
    w.type(steve, '/vote');
    await w.until(() => w.ledger().length > 0);
    await w.advance(2000);
    expect(items(w)).toEqual([['es_extended', steve.id, 'water', 10]]);
    expect(inventoryOf(w, steve).items.get('water')).toBe(10);
    expect(w.unclaimed('Steve')).toHaveLength(0);
    expect(w.messages(steve).at(-1)).toBe('Thanks for voting! You received 10 x water.');
  });

  it('Qbox + ox_inventory: filled up after the claim, the reward stays owed and is paid once room is made', async () => {
    const w = await createE2e({
      framework: 'qbox',
      config: { locale: 'fr', reward: { type: 'item', item: 'water', count: 10 } },
    });
    world = w;
    await w.vote('Steve');
    const steve = await w.join('Steve');
    // The mock claims, then holds its answer; the inventory fills up in the meantime.
    await w.fault({ route: '/api/v1/vote/claim', method: 'POST', apply: true, delayMs: 800, times: 1 });

    w.type(steve, '/vote');
    await w.advance(100);
    for (let i = 0; i < 200 && w.unclaimed('Steve').length > 0; i++) await w.realWait(5);
    inventoryOf(w, steve).add('gold_bar', 3);
    await w.realWait(900);
    await w.until(() => w.messages(steve).length > 0);
    await w.advance(2000);

    expect(w.unclaimed('Steve')).toHaveLength(0);
    expect(w.ledger()).toEqual([]);
    expect(w.messages(steve)).toEqual([
      'Ta récompense t’attend : libère de la place pour 10 x water et retape /vote.',
    ]);

    // Once room is made, the background reconciliation pays what is owed; /vote afterwards finds nothing new.
    inventoryOf(w, steve).remove('gold_bar', 2);
    await w.until(() => w.ledger().length > 0);
    expect(items(w)).toEqual([['ox_inventory', steve.id, 'water', 10]]);
    expect(w.messages(steve).at(-1)).toBe('Merci pour ton vote ! Tu as reçu 10 x water.');
    await w.advance(11_000);
    w.type(steve, '/vote');
    await w.advance(3000);
    expect(w.ledger()).toHaveLength(1);
    expect(w.messages(steve).at(-1)).toMatch(/^Aucun vote trouvé pour « Steve »/);
    expect(w.votes('Steve')).toHaveLength(1);
  });
});

describe('name lock', () => {
  it('a second license using a bound name is refused and told why; unbinding lets it claim', async () => {
    const w = await createE2e({ framework: 'qbcore' });
    world = w;
    await w.vote('Steve', { agoMs: 60_000 });
    const first = await w.join('Steve', { license: 'license:aaaa1111' });
    w.type(first, '/vote');
    await w.until(() => w.ledger().length > 0);
    w.drop(first);

    await w.vote('Steve');
    const impostor = await w.join('Steve', { license: 'license:bbbb2222' });
    await w.advance(11_000);
    w.type(impostor, '/vote');
    await w.until(() => w.messages(impostor).length > 0);
    await w.advance(2000);

    expect(w.messages(impostor)).toEqual([
      'The name "Steve" is already bound to another player, so its votes cannot be claimed here.',
    ]);
    expect(w.ledger().map((e) => e.player)).toEqual([first.id]);
    expect(w.unclaimed('Steve')).toHaveLength(1);
    expect(w.output().some((l) => l.includes('license:bbbb2222 tried to claim as "Steve"'))).toBe(true);

    w.console('votereward unbind Steve');
    await w.advance(11_000);
    w.type(impostor, '/vote');
    await w.until(() => w.ledger().length > 1);
    await w.advance(2000);
    expect(w.ledger().map((e) => e.player)).toEqual([first.id, impostor.id]);
    expect(w.unclaimed('Steve')).toHaveLength(0);
  });
});

describe('command injection through the player name', () => {
  it.each([{ template: 'vote_gift {source} {name}' }, { template: 'vote_gift {source} "{name}"' }])(
    'a player named x"; quit; say " runs only "$template", with the name as one harmless argument',
    async ({ template }) => {
      const name = 'x"; quit; say "';
      const w = await createE2e({
        framework: 'standalone',
        config: { reward: { type: 'custom', command: template } },
      });
      world = w;
      await w.vote(name);
      const player = await w.join(name);

      w.type(player, '/vote');
      await w.until(() => w.ledger().length > 0);
      await w.advance(2000);

      expect(w.server.executedCommands.filter((c) => c.source === 0).map((c) => c.name)).toEqual([
        'vote_gift',
      ]);
      expect(w.shopCommands()).toHaveLength(1);
      const [ran] = w.shopCommands();
      expect(ran?.args).toHaveLength(2);
      expect(ran?.args[0]).toBe(String(player.id));
      expect(ran?.args[1]).not.toMatch(/[";]/);
      expect(
        w.consoleLines().filter((l) => l.includes('quit requested') || l.startsWith('[console]')),
      ).toEqual([]);
      expect(w.ledger().map((e) => [e.framework, e.player, e.kind])).toEqual([['shop', player.id, 'custom']]);
      expect(w.unclaimed(name)).toHaveLength(0);
    },
  );
});
