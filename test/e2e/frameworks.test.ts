import { afterEach, describe, expect, it } from 'vitest';
import { createE2e, type E2e, type Framework } from '../../devkit/worlds/e2e-harness';

type RewardType = 'money' | 'bank' | 'item' | 'custom';

const REWARDS: Record<RewardType, Record<string, unknown>> = {
  money: { type: 'money', amount: 500 },
  bank: { type: 'bank', amount: 750 },
  item: { type: 'item', item: 'bread', count: 3 },
  custom: { type: 'custom', command: 'vote_gift {source} {name}', event: 'shop:voteGift' },
};

/** What the framework fakes must record for one claim: [resource, kind, account or item, amount]. */
const PAID: Record<Framework, Partial<Record<RewardType, [string, string, string, number][]>>> = {
  esx: {
    money: [['es_extended', 'money', 'money', 500]],
    bank: [['es_extended', 'bank', 'bank', 750]],
    item: [['es_extended', 'item', 'bread', 3]],
  },
  qbcore: {
    money: [['qb-core', 'money', 'cash', 500]],
    bank: [['qb-core', 'bank', 'bank', 750]],
    item: [['qb-inventory', 'item', 'bread', 3]],
  },
  qbox: {
    money: [['qbx_core', 'money', 'cash', 500]],
    bank: [['qbx_core', 'bank', 'bank', 750]],
    item: [['ox_inventory', 'item', 'bread', 3]],
  },
  vrp: {
    money: [['vrp', 'money', 'wallet', 500]],
    bank: [['vrp', 'bank', 'bank', 750]],
    item: [['vrp', 'item', 'bread', 3]],
  },
  standalone: {},
};

const CUSTOM_PAID: [string, string, string, number][] = [
  ['shop', 'custom', 'command', 1],
  ['shop', 'custom', 'event', 1],
];

const THANKS: Record<'en' | 'fr', Record<RewardType, string>> = {
  en: {
    money: 'Thanks for voting! You received 500$ in cash.',
    bank: 'Thanks for voting! You received 750$ in the bank.',
    item: 'Thanks for voting! You received 3 x bread.',
    custom: 'Thanks for voting! You received a special reward.',
  },
  fr: {
    money: 'Merci pour ton vote ! Tu as reçu 500 $ en liquide.',
    bank: 'Merci pour ton vote ! Tu as reçu 750 $ en banque.',
    item: 'Merci pour ton vote ! Tu as reçu 3 x bread.',
    custom: 'Merci pour ton vote ! Tu as reçu une récompense spéciale.',
  },
};

const noVote = (locale: 'en' | 'fr', url: string) =>
  locale === 'en'
    ? `No vote found for "Steve". Vote here: ${url} then type /vote again.`
    : `Aucun vote trouvé pour « Steve ». Vote ici : ${url} puis tape /vote à nouveau.`;

const CASES: { framework: Framework; reward: RewardType }[] = [
  ...(['esx', 'qbcore', 'qbox', 'vrp'] as const).flatMap((framework) =>
    (['money', 'bank', 'item', 'custom'] as const).map((reward) => ({ framework, reward })),
  ),
  { framework: 'standalone', reward: 'custom' },
];

let world: E2e | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

describe.each(['en', 'fr'] as const)('locale %s', (locale) => {
  it.each(CASES)(
    '$framework pays a $reward reward once for one vote, and a second /vote pays nothing',
    async ({ framework, reward }) => {
      const w = await createE2e({ framework, config: { locale, reward: REWARDS[reward] } });
      world = w;
      const vote = await w.vote('Steve');
      const steve = await w.join('Steve');

      w.type(steve, '/vote');
      await w.until(() => w.messages(steve).length > 0);
      await w.advance(1000);

      expect(w.messages(steve)).toEqual([THANKS[locale][reward]]);
      const expected = reward === 'custom' ? CUSTOM_PAID : (PAID[framework][reward] ?? []);
      expect(w.ledger().map((e) => [e.framework, e.kind, e.name, e.amount])).toEqual(expected);
      expect(w.ledger().every((e) => e.player === steve.id)).toBe(true);
      const [stored] = w.votes('Steve');
      expect(stored?.voteId).toBe(vote.voteId);
      expect(stored?.claimedAt).not.toBeNull();
      expect(w.rewardedEvents()).toEqual([
        [steve.id, expect.objectContaining({ vote_id: vote.voteId, username: 'Steve' })],
      ]);
      if (reward === 'custom') {
        expect(w.shopCommands()).toEqual([
          { source: 0, args: [String(steve.id), 'Steve'], raw: `vote_gift ${steve.id} Steve` },
        ]);
        expect(w.shopEvents()).toEqual([
          [steve.id, expect.objectContaining({ vote_id: vote.voteId, username: 'Steve' })],
        ]);
      }

      await w.advance(11_000);
      w.type(steve, '/vote');
      await w.until(() => w.messages(steve).length > 1);
      await w.advance(1000);

      const voteUrl = `${w.mock.url}/servers/${w.serverId}/vote`;
      expect(w.messages(steve).slice(1)).toEqual([noVote(locale, voteUrl)]);
      expect(w.ledger()).toHaveLength(expected.length);
      expect(w.votes('Steve')).toEqual([stored]);
    },
  );
});

describe('no payout of any kind before the framework has loaded the character', () => {
  const notLoaded = 'Your reward is waiting: it will be given once your character is loaded.';
  it.each(CASES.filter((c) => c.framework !== 'standalone'))(
    '$framework, $reward reward: a /vote before loading claims and pays nothing; after loading it pays once',
    async ({ framework, reward }) => {
      const w = await createE2e({ framework, config: { locale: 'en', reward: REWARDS[reward] } });
      world = w;
      await w.vote('Steve');
      const steve = await w.join('Steve', { load: false });

      w.type(steve, '/vote');
      await w.until(() => w.messages(steve).length > 0);
      await w.advance(1000);

      expect(w.messages(steve)).toEqual([notLoaded]);
      expect(w.ledger()).toEqual([]);
      expect(w.rewardedEvents()).toEqual([]);
      expect(w.votes('Steve')[0]?.claimedAt).toBeNull();

      w.load(steve);
      await w.advance(11_000);
      w.type(steve, '/vote');
      await w.until(() => w.messages(steve).includes(THANKS.en[reward]));
      await w.advance(1000);

      // Meanwhile the poller may have told the player the vote is waiting; the thanks come once, last.
      expect(w.messages(steve).filter((m) => m === THANKS.en[reward])).toHaveLength(1);
      expect(w.messages(steve).at(-1)).toBe(THANKS.en[reward]);
      const expected = reward === 'custom' ? CUSTOM_PAID : (PAID[framework][reward] ?? []);
      expect(w.ledger().map((e) => [e.framework, e.kind, e.name, e.amount])).toEqual(expected);
      expect(w.votes('Steve')[0]?.claimedAt).not.toBeNull();
    },
  );
});

/** The other languages through the built bundle: the cash thanks, then the no-vote line with the vote page. */
const SPOKEN: { locale: string; thanks: string; noVote: (url: string) => string }[] = [
  {
    locale: 'de',
    thanks: 'Danke fürs Voten! Du hast 500 $ Bargeld erhalten.',
    noVote: (url) => `Kein Vote für „Steve“ gefunden. Vote hier: ${url} und gib dann erneut /vote ein.`,
  },
  {
    locale: 'es',
    thanks: '¡Gracias por votar! Has recibido 500 $ en efectivo.',
    noVote: (url) =>
      `No hemos encontrado ningún voto a nombre de «Steve». Vota aquí: ${url} y luego vuelve a escribir /vote.`,
  },
  {
    locale: 'pt-BR',
    thanks: 'Valeu pelo voto! Você recebeu $ 500 em dinheiro.',
    noVote: (url) => `Nenhum voto encontrado para "Steve". Vote aqui: ${url} e depois digite /vote de novo.`,
  },
  {
    locale: 'pl',
    thanks: 'Dzięki za głos! Otrzymujesz: 500 $ w gotówce.',
    noVote: (url) => `Nie znaleziono głosu dla „Steve”. Zagłosuj tutaj: ${url} – potem wpisz ponownie /vote.`,
  },
  {
    locale: 'nl',
    thanks: 'Bedankt voor het stemmen! Je hebt $ 500 contant gekregen.',
    noVote: (url) => `Geen stem gevonden voor "Steve". Stem hier: ${url} en typ daarna opnieuw /vote.`,
  },
];

describe.each(SPOKEN)('locale $locale', ({ locale, thanks, noVote: noVoteIn }) => {
  it('esx pays a cash reward and the player reads it, then the no-vote line, in the configured language', async () => {
    const w = await createE2e({ framework: 'esx', config: { locale, reward: REWARDS.money } });
    world = w;
    await w.vote('Steve');
    const steve = await w.join('Steve');

    w.type(steve, '/vote');
    await w.until(() => w.messages(steve).length > 0);
    await w.advance(1000);
    expect(w.messages(steve)).toEqual([thanks]);
    expect(w.ledger().map((e) => [e.framework, e.kind, e.name, e.amount])).toEqual(PAID.esx.money);

    await w.advance(11_000);
    w.type(steve, '/vote');
    await w.until(() => w.messages(steve).length > 1);
    await w.advance(1000);
    expect(w.messages(steve).slice(1)).toEqual([noVoteIn(`${w.mock.url}/servers/${w.serverId}/vote`)]);
  });
});

describe('what the frameworks really do', () => {
  it('ESX with ox_inventory installed but stopped: addAccountMoney credits then raises; one credit in ten minutes of reconciliation, rejoins and /vote', async () => {
    const w = await createE2e({
      framework: 'esx',
      esxOxInventory: 'stopped',
      config: { reward: { type: 'bank', amount: 750 } },
    });
    world = w;
    await w.vote('Steve');
    let steve = await w.join('Steve');
    w.type(steve, '/vote');
    await w.until(() => w.messages(steve).length > 0);
    expect(w.messages(steve)).toEqual([THANKS.en.bank]);
    for (let minute = 0; minute < 10; minute += 1) {
      await w.advance(20_000);
      w.type(steve, '/vote');
      await w.advance(20_000);
      w.drop(steve);
      steve = await w.join('Steve', { license: steve.license });
      await w.advance(20_000);
    }
    expect(w.ledger().map((e) => [e.framework, e.kind, e.amount])).toEqual([['es_extended', 'bank', 750]]);
    expect(w.fakes.esx?.players.get(steve.id)?.accounts.bank).toBe(750);
  });

  it('the license is the `license:` identifier even when `license2:` is listed first', async () => {
    const w = await createE2e({
      framework: 'standalone',
      config: { reward: { type: 'custom', command: 'vote_gift {source} {license}' } },
    });
    world = w;
    await w.vote('Steve');
    const steve = await w.join('Steve', { before: ['license2:0000ffff'] });
    w.type(steve, '/vote');
    await w.until(() => w.shopCommands().length > 0);
    expect(w.shopCommands()[0]?.args).toEqual([String(steve.id), steve.license]);
  });

  it('a misspelt item is refused at start against ESX.Items, naming it', async () => {
    const w = await createE2e({
      framework: 'esx',
      config: { reward: { type: 'item', item: 'breadd', count: 1 } },
    });
    world = w;
    await w.advance(1000);
    expect(w.output()).toContain(
      'vote-reward: not started, the framework cannot pay the configured rewards:',
    );
    expect(w.output().some((l) => l.includes('the item "breadd" does not exist in ESX (ESX.Items)'))).toBe(
      true,
    );
  });
});
