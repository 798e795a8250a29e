/**
 * A custom command reward FXServer refuses to run (the documented VIP example: `vip_add` registered restricted, no
 * `add_ace resource.vote-reward command.vip_add allow`), the built bundle in the simulated FXServer. 0.4.0 ran it, the
 * console printed "Access denied for command vip_add.", and the purchase was charged and marked delivered. Now the
 * start names the exact `add_ace` line, and a purchase or a vote paying it is refused before anything is taken.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createE2e, type E2e } from '../../devkit/worlds/e2e-harness';

let world: E2e | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

const VIP = { type: 'custom', command: 'vip_add {source} 7' };
const ADD_ACE = 'add_ace resource.vote-reward command.vip_add allow';

/** The VIP resource: `vip_add` registered restricted (only principals with the ACE may run it). */
const vipResource = (ran: string[]) => ({
  setup(g: {
    RegisterCommand: (
      name: string,
      fn: (source: number, args: string[]) => void,
      restricted: boolean,
    ) => void;
  }) {
    g.RegisterCommand('vip_add', (_source, args) => ran.push(args.join(' ')), true);
  },
});

async function boot(config: Record<string, unknown>, vipFirst: boolean, ran: string[]): Promise<E2e> {
  const w = await createE2e({
    framework: 'esx',
    start: false,
    config: { claimCooldownSeconds: 0, poll: { enabled: false }, ...config },
  });
  world = w;
  const addVip = () => {
    w.server.addFakeResource('vip', vipResource(ran) as never);
    w.server.start('vip');
  };
  if (vipFirst) addVip();
  w.server.start('vote-reward');
  await w.advance(1000);
  if (!vipFirst) addVip();
  return w;
}

/** A shop selling VIP (the command registered after the start), `add_ace` given or not; Ann buys it with 300 points. */
async function buyVip(withAce: boolean) {
  const ran: string[] = [];
  const w = await boot(
    {
      reward: { type: 'money', amount: 500 },
      shop: { enabled: true, items: [{ id: 'vip', name: 'VIP for 7 days', cost: 300, rewards: VIP }] },
    },
    false,
    ran,
  );
  if (withAce) w.console(ADD_ACE);
  const ann = await w.join('Ann');
  w.console(`votereward points ${ann.license} +300 test`);
  await w.advance(500);
  w.type(ann, '/voteshop buy vip');
  await w.advance(3000);
  return { w, ann, ran };
}

describe('a custom command reward FXServer refuses this resource', () => {
  it('the vote reward: the start is refused with the exact add_ace line', async () => {
    const ran: string[] = [];
    const w = await boot({ reward: VIP }, true, ran);
    expect(w.output().some((line) => line.includes(ADD_ACE))).toBe(true);
    expect(w.output().some((line) => line.includes('not started'))).toBe(true);
  });

  it('a vote paying it (the command registered after the start): not claimed, nothing run, the console names the add_ace line', async () => {
    const ran: string[] = [];
    const w = await boot({ reward: VIP }, false, ran);
    await w.vote('Ann');
    const ann = await w.join('Ann');
    w.type(ann, '/vote');
    await w.advance(3000);
    expect(ran).toEqual([]);
    expect(w.output().filter((line) => line.includes('Access denied for command vip_add'))).toEqual([]);
    expect(w.unclaimed('Ann')).toHaveLength(1);
    expect(w.output().some((line) => line.includes(ADD_ACE))).toBe(true);
  });

  it('a shop purchase of it: refused before any point is taken, nothing run', async () => {
    const { w, ann, ran } = await buyVip(false);
    expect(ran).toEqual([]);
    expect(w.output().filter((line) => line.includes('Access denied for command vip_add'))).toEqual([]);
    expect(w.messages(ann).some((line) => line.includes('You bought'))).toBe(false);
    const purchases = Object.values(w.kvp('shop:buy:')).map(
      (text) => JSON.parse(String(text)) as { state: string },
    );
    expect(purchases.filter((p) => p.state === 'done')).toEqual([]);
    expect(JSON.stringify(w.kvp('points:'))).not.toContain('buy:');
  });

  it('with the add_ace line in server.cfg the purchase runs the command and is delivered', async () => {
    const { ann, ran } = await buyVip(true);
    expect(ran).toEqual([`${ann.id} 7`]);
  });
});
