/**
 * Owners replacing 0.1.0 keep every reward owed: each KVP snapshot written by the 0.1.0 bundle (see
 * generate-010-snapshots.ts) is loaded into the simulated FXServer, the mock holds the votes as they stood, and the
 * CURRENT built bundle boots on it, reconciles (start-up, timer, joins, /vote, the admin's decision) and must reach
 * the outcome 0.1.0 itself reaches from the same snapshot: every reward paid exactly once, parked claims still listed
 * for admins, bound names still refused to other licenses, last claims still known to the poller.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createE2e, type E2e } from '../../devkit/worlds/e2e-harness';
import { missedOutcome, readSnapshots, replay, type Snapshot } from '../../devkit/worlds/upgrade-world';
import { usernameKey } from '../../mock-server/db';

const snapshots = readSnapshots();

let world: { w: E2e; parent: string } | null = null;
afterEach(async () => {
  if (!world) return;
  await world.w.close();
  fs.rmSync(world.parent, { recursive: true, force: true });
  world = null;
});

/**
 * The current bundle booted, a minute after the kill, on the snapshot's KVP (written where the simulated FXServer
 * keeps it) with the snapshot's votes on the mock. `kvp: 'lost'` boots on an empty store instead.
 */
async function upgradedWorld(snapshot: Snapshot, kvp: 'kept' | 'lost' = 'kept'): Promise<E2e> {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'vr-upgrade-'));
  const previous = process.env.TMPDIR;
  // The harness makes its world folder under os.tmpdir(): pointing it here tells where the server keeps its data.
  process.env.TMPDIR = parent;
  let w: E2e;
  try {
    w = await createE2e({ framework: snapshot.framework, config: snapshot.config, start: false });
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  }
  world = { w, parent };
  const [root] = fs.readdirSync(parent).filter((name) => name.startsWith('vote-e2e-'));
  if (!root) throw new Error(`the harness made no world folder in ${parent}`);
  const kvpDir = path.join(parent, root, 'data', 'kvp');
  fs.mkdirSync(kvpDir, { recursive: true });
  fs.writeFileSync(path.join(kvpDir, 'vote-reward.json'), JSON.stringify(kvp === 'kept' ? snapshot.kvp : {}));
  const insert = w.store.db.prepare(
    'INSERT INTO votes (uuid, server_id, username, username_key, ip, voted_at, claimed_at) VALUES (?, ?, ?, ?, NULL, ?, ?)',
  );
  for (const vote of snapshot.votes)
    insert.run(
      vote.voteId,
      w.serverId,
      vote.username,
      usernameKey(vote.username),
      vote.votedAt,
      vote.claimedAt,
    );
  await w.advance(snapshot.killedAt + 60_000 - w.server.now());
  await w.restart();
  return w;
}

describe('upgrading from 0.1.0 with the KVP it left behind', () => {
  it('has a snapshot for every journal state and problem 0.1.0 can leave', () => {
    const left = new Set(
      snapshots.flatMap((s) =>
        Object.entries(s.kvp)
          .filter(([key]) => key.startsWith('claim:'))
          .map(([, value]) => JSON.parse(String(value.v)) as { state: string; problem: string | null })
          .map((entry) => `${entry.state}/${entry.problem}`),
      ),
    );
    expect([...left].sort()).toEqual([
      'claimed/framework_error',
      'claimed/granted_by_admin',
      'claimed/inventory_full',
      'claimed/null',
      'claimed/player_not_loaded',
      'claiming/null',
      'needs_admin/outcome_unknown',
      'needs_admin/payout_interrupted',
      'needs_admin/undecidable_in_last24h_mode',
      'unknown/answer_lost',
      'unknown/recheck_failed',
    ]);
    const keys = snapshots.flatMap((s) => Object.keys(s.kvp));
    expect(keys.some((key) => key.startsWith('namelock:'))).toBe(true);
    expect(keys.some((key) => key.startsWith('poll:last_claim:'))).toBe(true);
  });

  it.each(snapshots.map((s) => [s.state, s.owed.summary, s] as const))('%s: %s', async (_, __, snapshot) => {
    const w = await upgradedWorld(snapshot);
    const seen = await replay(w, snapshot);
    expect(missedOutcome(snapshot, seen)).toEqual([]);
  });

  it('reports a reward paid twice (the replay can fail)', async () => {
    const paid = snapshots.find((s) => s.state === 'paying-killed-after-payout');
    if (!paid) throw new Error('paying-killed-after-payout.json is missing');
    const wrongDecision: Snapshot = {
      ...paid,
      replay: { ...paid.replay, admin: paid.replay.admin.map((d) => ({ ...d, command: 'grant' })) },
    };
    const w = await upgradedWorld(wrongDecision);
    const seen = await replay(w, wrongDecision);
    expect(missedOutcome(wrongDecision, seen)).toEqual([
      'payouts before + after the upgrade are [Steve money money 500; Steve money money 500], owed exactly once: [Steve money money 500]',
    ]);
  });

  it('misses the owed outcome when the KVP is lost (the replay can fail)', async () => {
    const snapshot = snapshots.find((s) => s.state === 'claimed-player-left');
    if (!snapshot) throw new Error('claimed-player-left.json is missing');
    const w = await upgradedWorld(snapshot, 'lost');
    const seen = await replay(w, snapshot);
    expect(missedOutcome(snapshot, seen)).toEqual([
      'payouts before + after the upgrade are [], owed exactly once: [Steve money money 500]',
    ]);
  });
});
