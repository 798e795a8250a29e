/**
 * A character switch while an asynchronous payout is in flight (VORP's addItem answers after its MySQL insert), the
 * built bundle in the simulated FXServer: the reading after the call comes from another character, so it says nothing
 * about this payout. 0.4.0 read it as "nothing was paid": the vote's bread was paid again to the next character, and
 * a shop purchase was refunded although the bread arrived. Now the payout is held for an admin, never paid again or
 * refunded.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RedmFake } from '../../devkit/fxserver/resources/redm';
import { createE2e, type E2e, type E2ePlayer } from '../../devkit/worlds/e2e-harness';

let world: E2e | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

const BREAD = { type: 'item', item: 'bread', count: 1 };

async function vorpWorld(): Promise<{ w: E2e; ann: E2ePlayer; vorp: RedmFake<unknown> }> {
  const w = await createE2e({
    framework: 'vorp',
    config: {
      claimCooldownSeconds: 0,
      poll: { enabled: false },
      reward: BREAD,
      shop: { enabled: true, items: [{ id: 'bread', name: 'Bread', cost: 10, rewards: BREAD }] },
    },
  });
  world = w;
  await w.advance(1000);
  const ann = await w.join('Ann');
  const vorp = w.fakes.redm;
  if (!vorp?.switchDuringAddItem) throw new Error('the VORP fake cannot switch characters');
  return { w, ann, vorp };
}

const breadPaid = (w: E2e) => w.ledger().filter((entry) => entry.name === 'bread').length;

describe('a character switch during an asynchronous VORP payout', () => {
  it('a vote: the bread is paid once, the payout held for an admin, and the next /vote on the other character pays nothing', async () => {
    const { w, ann, vorp } = await vorpWorld();
    await w.vote('Ann');
    vorp.switchDuringAddItem?.(ann.id, 22);
    w.type(ann, '/vote');
    await w.advance(3000);
    expect(breadPaid(w)).toBe(1);
    w.type(ann, '/vote');
    await w.advance(3000);
    w.type(ann, '/vote');
    await w.advance(3000);
    expect(breadPaid(w)).toBe(1);
    const open = Object.values(w.kvp('claim:')).map(
      (text) => JSON.parse(String(text)) as { state: string; problem: string },
    );
    expect(open).toEqual([expect.objectContaining({ state: 'needs_admin', problem: 'outcome_unknown' })]);
    expect(w.output().some((line) => line.includes('the reading before was of character'))).toBe(true);
  });

  it('a shop purchase: the bread arrives once, the points stay spent and the purchase is held, never refunded', async () => {
    const { w, ann, vorp } = await vorpWorld();
    w.console(`votereward points ${ann.license} +10 test`);
    await w.advance(500);
    vorp.switchDuringAddItem?.(ann.id, 22);
    w.type(ann, '/voteshop buy bread');
    await w.advance(3000);
    expect(breadPaid(w)).toBe(1);
    expect(w.messages(ann).some((line) => /given back|refund/i.test(line))).toBe(false);
    const purchases = Object.values(w.kvp('shop:buy:')).map(
      (text) => JSON.parse(String(text)) as { state: string },
    );
    expect(purchases).toEqual([expect.objectContaining({ state: 'delivering' })]);
    const ledger = Object.values(w.kvp('points:')).join(' ');
    expect(ledger).not.toContain('refund:');
  });
});

describe('a character switch during an asynchronous ox_core bank payout', () => {
  it('the bank payout is held for an admin, never paid again to the other character', async () => {
    const w = await createE2e({
      framework: 'oxcore',
      config: { claimCooldownSeconds: 0, poll: { enabled: false }, reward: { type: 'bank', amount: 100 } },
    });
    world = w;
    await w.advance(1000);
    const ann = await w.join('Ann');
    const oxcore = w.fakes.oxcore;
    if (!oxcore) throw new Error('no ox_core fake');
    await w.vote('Ann');
    // Character B holds what A held: read after the call, B's balance looks like "nothing was paid".
    oxcore.switchDuringAddBalance(ann.id, { charId: 222, bank: oxcore.bank(ann.id) ?? 0 });
    w.type(ann, '/vote');
    await w.advance(3000);
    w.type(ann, '/vote');
    await w.advance(3000);
    expect(w.ledger().filter((entry) => entry.kind === 'bank')).toHaveLength(1);
    const open = Object.values(w.kvp('claim:')).map(
      (text) => JSON.parse(String(text)) as { state: string; problem: string },
    );
    expect(open).toEqual([expect.objectContaining({ state: 'needs_admin', problem: 'outcome_unknown' })]);
  });
});
