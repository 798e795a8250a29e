/**
 * Two and three servers of a network, each its own process (own KVP, own oxmysql pool, own ESX, own copy of each
 * listing site showing the same vote), released at once on one real MariaDB, each racing a vote of every claim model
 * at once: each vote is paid by exactly one of them and nothing stays open anywhere. (One process per server hosts a
 * world per model: starting a process is most of this file's time, and the three models' keys never meet.)
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { SiteRaceResult, SiteRacerArgs } from '../../devkit/network/site-racer';
import type { WorldSite } from '../../devkit/worlds/sites-world';
import { freshDatabase } from './db';

const MODELS: WorldSite[] = [
  { id: 'ctr', kind: 'trackyserver', model: 'claim_then_reward' },
  { id: 'rtc', kind: 'top-server', model: 'reward_then_claim' },
  { id: 'chk', kind: 'serveur-prive', model: 'check_only', windowMs: 2 * 3_600_000 },
];

interface Racer {
  child: ChildProcessWithoutNullStreams;
  ready: Promise<void>;
  result: Promise<{ serverId: string; bySite: Record<string, SiteRaceResult> }>;
}

function racer(args: SiteRacerArgs): Racer {
  const child = spawn(process.execPath, [
    'node_modules/tsx/dist/cli.mjs',
    'devkit/network/site-racer.ts',
    JSON.stringify(args),
  ]);
  let out = '';
  let err = '';
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    onReady = resolve;
  });
  child.stdout.on('data', (chunk) => {
    out += String(chunk);
    if (out.includes('ready\n')) onReady();
  });
  child.stderr.on('data', (chunk) => {
    err += String(chunk);
  });
  const result = new Promise<{ serverId: string; bySite: Record<string, SiteRaceResult> }>(
    (resolve, reject) => {
      child.on('exit', (code) => {
        const last = out.trim().split('\n').at(-1) ?? '';
        if (code !== 0 || !last.startsWith('{'))
          reject(new Error(`${args.serverId} exited ${code}: ${err || out}`));
        else resolve(JSON.parse(last));
      });
    },
  );
  return { child, ready, result };
}

describe('servers in separate processes race a vote of each claim model', () => {
  for (const count of [2, 3]) {
    it(`${count} servers: each vote paid by exactly one, nothing left open`, async () => {
      const url = freshDatabase(`proc_${count}`);
      const racers = Array.from({ length: count }, (_, i) =>
        racer({ url, serverId: `city-${i + 1}`, sites: MODELS }),
      );
      await Promise.all(racers.map((r) => r.ready));
      for (const r of racers) r.child.stdin.write('go\n');
      const results = await Promise.all(racers.map((r) => r.result));
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
