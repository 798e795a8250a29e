/**
 * Two and three servers of a network, each its own process (own KVP, own oxmysql pool, own ESX, own copy of each
 * listing site showing the same vote), released at once on one real MariaDB, each racing a vote of every claim model
 * at once: each vote is paid by exactly one of them and nothing stays open anywhere. (One process per server hosts a
 * world per model: starting a process is most of this file's time, and the three models' keys never meet.)
 */
import { describe, expect, it } from 'vitest';
import { releaseTogether, resultOf, startRacer } from '../../devkit/network/racer-process';
import type { SiteRaceResult } from '../../devkit/network/site-racer';
import type { WorldSite } from '../../devkit/worlds/sites-world';
import { freshDatabase } from './db';

const MODELS: WorldSite[] = [
  { id: 'ctr', kind: 'trackyserver', model: 'claim_then_reward' },
  { id: 'rtc', kind: 'top-server', model: 'reward_then_claim' },
  { id: 'chk', kind: 'serveur-prive', model: 'check_only', windowMs: 2 * 3_600_000 },
];

describe('servers in separate processes race a vote of each claim model', () => {
  for (const count of [2, 3]) {
    it(`${count} servers: each vote paid by exactly one, nothing left open`, async () => {
      const url = freshDatabase(`proc_${count}`);
      const ids = Array.from({ length: count }, (_, i) => `city-${i + 1}`);
      const racers = await Promise.all(
        ids.map((serverId) =>
          startRacer('devkit/network/site-racer.ts', { url, serverId, sites: MODELS }, serverId),
        ),
      );
      await releaseTogether(racers);
      const results = await Promise.all(
        racers.map((r, i) => resultOf<{ bySite: Record<string, SiteRaceResult> }>(r, ids[i] as string)),
      );
      const byModel = Object.fromEntries(
        MODELS.map((site) => {
          const paid = results.map((r) => r.bySite[site.id]?.cash ?? Number.NaN);
          const open = results.flatMap((r) => r.bySite[site.id]?.open ?? ['(no result)']);
          return [
            site.model,
            { paid: paid.reduce((a, b) => a + b, 0), payers: paid.filter((c) => c > 0).length, open },
          ];
        }),
      );
      const once = { paid: 100, payers: 1, open: [] };
      expect(byModel).toEqual({ claim_then_reward: once, reward_then_claim: once, check_only: once });
    }, 120_000);
  }
});
