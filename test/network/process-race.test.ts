/**
 * Two and three servers of a network, each its own process (own KVP, own oxmysql pool, own ESX, own copy of the
 * listing site showing the same vote), released at once on one real MariaDB for each claim model: the vote is paid
 * by exactly one of them and nothing stays open anywhere.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { SiteRacerArgs } from '../../devkit/network/site-racer';
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
  result: Promise<{ serverId: string; cash: number; open: string[] }>;
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
  const result = new Promise<{ serverId: string; cash: number; open: string[] }>((resolve, reject) => {
    child.on('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !last.startsWith('{'))
        reject(new Error(`${args.serverId} exited ${code}: ${err || out}`));
      else resolve(JSON.parse(last));
    });
  });
  return { child, ready, result };
}

describe.each(MODELS)('servers in separate processes race a $model vote', (site) => {
  for (const count of [2, 3]) {
    it(`${count} servers: paid by exactly one, nothing left open`, async () => {
      const url = freshDatabase(`proc_${site.id}_${count}`);
      const racers = Array.from({ length: count }, (_, i) => racer({ url, serverId: `city-${i + 1}`, site }));
      await Promise.all(racers.map((r) => r.ready));
      for (const r of racers) r.child.stdin.write('go\n');
      const results = await Promise.all(racers.map((r) => r.result));
      const paid = results.reduce((sum, r) => sum + r.cash, 0);
      expect({ paid, payers: results.filter((r) => r.cash > 0).length }).toEqual({ paid: 100, payers: 1 });
      expect(results.flatMap((r) => r.open)).toEqual([]);
    }, 120_000);
  }
});
