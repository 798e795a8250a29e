/**
 * A check-only site (serveur-prive.net, by IP, a 90 min window) against a server whose clock runs off the site's: the
 * built bundle in the simulated FXServer with ESX, the real mock's emulation keeping its own time. One real vote, six
 * `/vote` 1.2 s apart: the vote is paid exactly once whatever the offset (0.4.0 paid it on every `/vote` once the
 * server ran more than 15 min ahead: its record expired by the site's clock and nothing else remembered the vote).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { E2e } from '../../devkit/worlds/e2e-harness';
import { castOn, createSitesStory, paid, type StorySite } from './sites-world';

const SERVEUR_PRIVE: StorySite = { kind: 'serveur-prive', id: 'sp', cash: 200 };
const ADDRESS = '203.0.113.5';
const MINUTE = 60_000;

let e2e: E2e | null = null;
afterEach(async () => {
  await e2e?.close();
  e2e = null;
});

/** One vote cast `ageMs` before the site's now, then six `/vote`; answers the site's payouts (money 200 each). */
async function sixClaims(
  serverAheadMs: number,
  ageMs: number,
): Promise<{ payouts: number; messages: string[] }> {
  e2e = await createSitesStory([SERVEUR_PRIVE], 50, { serverAheadMs });
  await castOn(e2e, 'serveur-prive', 'ip', ADDRESS, ageMs);
  const ann = await e2e.join('Ann', { before: [`ip:${ADDRESS}`] });
  for (let claim = 0; claim < 6; claim += 1) {
    e2e.type(ann, '/vote');
    await e2e.advance(1200);
  }
  await e2e.advance(5000);
  return {
    payouts: paid(e2e, ann).filter((payout) => payout === 'money:200').length,
    messages: e2e.messages(ann),
  };
}

describe('a check-only site vote under a server clock off the site', () => {
  it.each([
    { offset: '-2 h', aheadMs: -120 * MINUTE, ageMs: MINUTE },
    { offset: '-20 min', aheadMs: -20 * MINUTE, ageMs: MINUTE },
    { offset: '0', aheadMs: 0, ageMs: MINUTE },
    { offset: '+20 min', aheadMs: 20 * MINUTE, ageMs: MINUTE },
    { offset: '+20 min, the vote 87 min old', aheadMs: 20 * MINUTE, ageMs: 87 * MINUTE },
    { offset: '+2 h', aheadMs: 120 * MINUTE, ageMs: MINUTE },
  ])('server clock $offset: one vote, six /vote, paid once', async ({ aheadMs, ageMs }) => {
    const { payouts, messages } = await sixClaims(aheadMs, ageMs);
    expect(payouts).toBe(1);
    expect(messages.filter((line) => line === 'serveur-prive.net: vote found.')).toHaveLength(1);
  });
});
