/**
 * Writes test/upgrade/snapshots-0.1.0/<state>.json: the KVP store vote-reward 0.1.0 (commit da3166f) leaves behind
 * when the server dies at each point of a claim, written by the 0.1.0 bundle itself in 0.1.0's own simulated
 * FXServer, with the mock's votes, the payouts made before the kill and the outcome still owed. Each snapshot is
 * then replayed on 0.1.0 (a restart on the same data) and written only if 0.1.0 reaches the owed outcome.
 *
 * Usage (from the repository root; the worktree must stay outside the repository):
 *   git worktree add /tmp/vr-010 da3166f
 *   ln -s "$PWD/node_modules" /tmp/vr-010/node_modules   # lockfiles differ only by later additions
 *   (cd /tmp/vr-010 && node build.mjs)
 *   npx tsx test/upgrade/generate-010-snapshots.ts /tmp/vr-010 [state ...]
 *   git worktree remove /tmp/vr-010
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { E2e, E2eOptions, E2ePlayer } from '../../devkit/worlds/e2e-harness';
import {
  type AdminDecision,
  missedOutcome,
  replay,
  SNAPSHOT_DIR,
  type Snapshot,
  type SnapshotPayout,
  type SnapshotPlayer,
  type SnapshotVote,
  type StoredKvpValue,
} from '../../devkit/worlds/upgrade-world';

const COMMIT = 'da3166f5c0648d5c8f01ed5fedca8ec0524fda1e';
const WRITTEN_BY = `vote-reward 0.1.0 (${COMMIT.slice(0, 7)}), dist/server.js built from that commit`;

const CASH = { reward: { type: 'money', amount: 500 } };
const THREE_REWARDS = {
  reward: [
    { type: 'money', amount: 500 },
    { type: 'bank', amount: 1000 },
    { type: 'item', item: 'bread', count: 2 },
  ],
};
const WATER = { reward: { type: 'item', item: 'water', count: 10 } };

const cash = (player: string): SnapshotPayout => ({ player, kind: 'money', name: 'money', amount: 500 });
const threeRewards = (player: string): SnapshotPayout[] => [
  cash(player),
  { player, kind: 'bank', name: 'bank', amount: 1000 },
  { player, kind: 'item', name: 'bread', amount: 2 },
];

/** The license the 0.1.0 harness derives from a name. */
const licenseOf = (name: string): string => `license:${Buffer.from(name).toString('hex').slice(0, 40)}`;
const player = (name: string): SnapshotPlayer => ({ name, license: licenseOf(name) });

type CreateE2e = (options?: E2eOptions) => Promise<E2e>;

/** The mock store of the 0.1.0 harness the snapshots are made with (today's harness types `store` differently). */
interface OldStore {
  listVotes(filter: { serverId: number }): SnapshotVote[];
}

/** A world of the 0.1.0 harness, with the folder its simulated server keeps its data in. */
interface OldWorld {
  w: E2e;
  dataDir: string;
  /** Server id → player name, for the ledger. */
  names: Map<number, string>;
}

/** What a scenario leaves: the server is dead, and this says what is owed. */
interface Left {
  players: SnapshotPlayer[];
  watchers?: SnapshotPlayer[];
  newVotes?: string[];
  intruders?: SnapshotPlayer[];
  admin?: (refs: string[]) => AdminDecision[];
  owed: Omit<Snapshot['owed'], 'parked' | 'stillOpen' | 'silent'> & {
    parked?: boolean;
    stillOpen?: boolean;
    silent?: string[];
  };
  /** Journal states (`state/problem`) the KVP must hold, as a self-check of the scenario. */
  journal: string[];
}

interface Scenario {
  state: string;
  description: string;
  config: Record<string, unknown>;
  run(world: OldWorld): Promise<Left>;
}

async function join(world: OldWorld, name: string): Promise<E2ePlayer> {
  const p = await world.w.join(name);
  world.names.set(p.id, name);
  return p;
}

/** Waits (real time, clock still) until the mock has claimed every vote of `username`. */
async function waitForClaim(w: E2e, username: string): Promise<void> {
  await w.advance(100);
  for (let i = 0; i < 400 && w.unclaimed(username).length > 0; i++) await w.realWait(5);
  if (w.unclaimed(username).length > 0) throw new Error(`the mock never claimed ${username}'s vote`);
}

/** Advances in small steps, letting real I/O run, until a console line of the resource contains `text`. */
async function waitForOutput(w: E2e, text: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (w.output().some((line) => line.includes(text))) return;
    await w.advance(50);
    await w.realWait(5);
  }
  throw new Error(`the resource never printed "${text}": ${w.output().join('\n')}`);
}

/** The player types /vote; the mock claims at once and holds the answer back for `ms` of real time. */
async function voteWithHeldAnswer(w: E2e, p: E2ePlayer, ms = 800): Promise<void> {
  await w.fault({ route: '/api/v1/vote/claim', method: 'POST', apply: true, delayMs: ms, times: 1 });
  w.type(p, '/vote');
  await waitForClaim(w, p.name);
}

/** Kills the server from inside the `step`-th framework payout (1-based), before or after it is recorded. */
async function killInPayout(
  world: OldWorld,
  p: E2ePlayer,
  step: number,
  when: 'before' | 'after',
): Promise<void> {
  let calls = 0;
  world.w.server.payoutHook = () => {
    calls += 1;
    return calls === step ? (when === 'before' ? 'kill-before' : 'kill-after') : undefined;
  };
  world.w.type(p, '/vote');
  await world.w.until(() => world.w.server.dead).catch(() => undefined);
  if (!world.w.server.dead) throw new Error(`the server did not die in payout #${step}`);
}

/** The first framework payout raises before anything is recorded; later ones pass. */
function failFirstPayout(w: E2e): void {
  let failed = false;
  w.server.payoutHook = () => {
    if (failed) return undefined;
    failed = true;
    return 'fail';
  };
}

const grantAll =
  (because: string) =>
  (refs: string[]): AdminDecision[] =>
    refs.map((ref) => ({ command: 'grant', ref, because }));
const dropAll =
  (because: string) =>
  (refs: string[]): AdminDecision[] =>
    refs.map((ref) => ({ command: 'drop', ref, because }));

/** What an admin decides for one cash payout killed `when` ESX recorded it: grant if it was not, drop if it was. */
const decideCash = (when: 'before' | 'after') =>
  when === 'before'
    ? grantAll('ESX shows no payment: Steve has not been paid')
    : dropAll('ESX shows the 500 cash: Steve has been paid');

const STEVE_CASH_ONCE: Left['owed'] = {
  summary: 'Steve must end with exactly +500 cash, once.',
  payouts: [cash('Steve')],
};

/** A state reached by one player, Steve, who voted and joined; what differs is what happens until the kill. */
interface SteveState {
  state: string;
  description: string;
  /** Default: 500 cash. */
  config?: Record<string, unknown>;
  /** From Steve joined (his vote is on the site) until the server is dead. */
  act(world: OldWorld, steve: E2ePlayer): Promise<void>;
  admin?: Left['admin'];
  /** Default: exactly +500 cash, once. */
  owed?: Left['owed'];
  /** The one journal entry the KVP must hold (`state/problem`). */
  journal: string;
}

const steveScenario = (s: SteveState): Scenario => ({
  state: s.state,
  description: s.description,
  config: s.config ?? CASH,
  async run(world) {
    await world.w.vote('Steve');
    const steve = await join(world, 'Steve');
    await s.act(world, steve);
    return {
      players: [player('Steve')],
      admin: s.admin,
      owed: s.owed ?? STEVE_CASH_ONCE,
      journal: [s.journal],
    };
  },
});

/** The mock claims Steve's vote but the connection drops before its answer arrives. */
async function loseClaimAnswer(w: E2e, steve: E2ePlayer): Promise<void> {
  await w.fault({
    route: '/api/v1/vote/claim',
    method: 'POST',
    apply: true,
    delayMs: 300,
    drop: true,
    times: 1,
  });
  w.type(steve, '/vote');
  await waitForClaim(w, 'Steve');
}

/** In checkMode last24h, a lost claim answer that 0.1.0 parks for an admin. */
async function parkInLast24h(w: E2e, steve: E2ePlayer): Promise<void> {
  await w.fault({ route: '/api/v1/vote/claim', method: 'POST', apply: true, drop: true, times: 1 });
  w.type(steve, '/vote');
  await waitForOutput(w, 'cannot be decided automatically');
}

/** Steve types /vote with the first framework payout failing; waits for `text`, then the server dies `settleMs` later. */
const failFirstPayoutThenKill =
  (text: string, settleMs: number) =>
  async ({ w }: OldWorld, steve: E2ePlayer): Promise<void> => {
    failFirstPayout(w);
    w.type(steve, '/vote');
    await waitForOutput(w, text);
    if (settleMs > 0) await w.advance(settleMs);
    w.kill();
  };

const WHEN = ['before', 'after'] as const;

const SCENARIOS: Scenario[] = [
  steveScenario({
    state: 'claiming-answer-lost',
    description:
      'Steve typed /vote; the mock claimed the vote and its answer was still on its way when the server died.',
    async act({ w }, steve) {
      await voteWithHeldAnswer(w, steve);
      w.kill();
      await w.realWait(900);
    },
    journal: 'claiming/null',
  }),
  steveScenario({
    state: 'claiming-never-reached',
    description:
      'Steve typed /vote; the claim request was held by the network and never reached the mock before the server died.',
    async act({ w }, steve) {
      await w.fault({
        route: '/api/v1/vote/claim',
        method: 'POST',
        delayMs: 800,
        drop: true,
        times: 1,
      });
      w.type(steve, '/vote');
      await w.advance(100);
      await w.realWait(100);
      w.kill();
      await w.realWait(900);
    },
    owed: {
      summary:
        'The vote is still claimable: Steve must end with exactly +500 cash, once, after typing /vote.',
      payouts: [cash('Steve')],
    },
    journal: 'claiming/null',
  }),
  steveScenario({
    state: 'unknown-answer-lost',
    description:
      'The claim answer was lost (connection dropped after the mock claimed); the server died while checking again.',
    async act({ w }, steve) {
      await loseClaimAnswer(w, steve);
      await w.fault({ route: '/api/v1/vote/check', method: 'GET', delayMs: 3000, times: 1 });
      await waitForOutput(w, 'got no usable answer');
      await w.advance(50);
      await w.realWait(50);
      w.kill();
      await w.realWait(3100);
    },
    journal: 'unknown/answer_lost',
  }),
  steveScenario({
    state: 'unknown-recheck-failed',
    description:
      'The claim answer was lost after the mock claimed; checking again failed (HTTP 500), then the server died.',
    async act({ w }, steve) {
      await loseClaimAnswer(w, steve);
      await w.fault({ route: '/api/v1/vote/check', method: 'GET', status: 500 });
      await waitForOutput(w, 'could not re-check');
      await w.advance(1000);
      w.kill();
      await w.clearFaults();
    },
    journal: 'unknown/recheck_failed',
  }),
  steveScenario({
    state: 'claimed-player-left',
    description:
      'The mock claimed and answered after Steve had left: the reward is owed, then the server died.',
    async act({ w }, steve) {
      await voteWithHeldAnswer(w, steve);
      w.drop(steve);
      await w.realWait(900);
      await w.advance(1000);
      w.kill();
    },
    owed: {
      summary: 'Steve must end with exactly +500 cash, once, on his next join.',
      payouts: [cash('Steve')],
    },
    journal: 'claimed/player_not_loaded',
  }),
  steveScenario({
    state: 'claimed-inventory-full',
    description:
      "Steve's inventory filled up while the claim answer was on its way: 10 water are owed (inventory_full), then the server died.",
    config: WATER,
    async act({ w }, steve) {
      await w.fault({ route: '/api/v1/vote/claim', method: 'POST', apply: true, delayMs: 800, times: 1 });
      w.type(steve, '/vote');
      await waitForClaim(w, 'Steve');
      const esxPlayer = w.fakes.esx?.players.get(steve.id);
      if (!esxPlayer) throw new Error('Steve is not loaded in ESX');
      esxPlayer.inventory.items.set('gold_bar', 2);
      await w.realWait(900);
      await w.until(() => w.messages(steve).length > 0);
      await w.advance(1000);
      w.kill();
    },
    owed: {
      summary: 'Steve must end with exactly 10 water, once (his inventory has room after the restart).',
      payouts: [{ player: 'Steve', kind: 'item', name: 'water', amount: 10 }],
    },
    journal: 'claimed/inventory_full',
  }),
  steveScenario({
    state: 'claimed-framework-error',
    description:
      "ESX raised inside addAccountMoney (nothing recorded); 0.1.0 reads a raise there as 'nothing paid' and kept the reward owed (framework_error) for the next retry, but the server died first.",
    act: failFirstPayoutThenKill('not given yet', 0),
    journal: 'claimed/framework_error',
  }),
  steveScenario({
    state: 'needs-admin-outcome-unknown',
    description:
      'ESX raised inside addInventoryItem (nothing recorded): 0.1.0 cannot tell whether the 2 bread were given and parked the claim for an admin (outcome_unknown), then the server died.',
    config: { reward: { type: 'item', item: 'bread', count: 2 } },
    act: failFirstPayoutThenKill('may or may not have been given', 1000),
    admin: grantAll('the call raised before ESX recorded anything: Steve has no bread'),
    owed: {
      summary: 'Parked for an admin; granted, Steve must end with exactly 2 bread, once.',
      payouts: [{ player: 'Steve', kind: 'item', name: 'bread', amount: 2 }],
      parked: true,
    },
    journal: 'needs_admin/outcome_unknown',
  }),
  ...WHEN.map((when) =>
    steveScenario({
      state: `paying-killed-${when}-payout`,
      description: `The server died inside the framework payout call, ${when} ESX recorded the 500 cash.`,
      act: (world, steve) => killInPayout(world, steve, 1, when),
      admin: decideCash(when),
      owed: {
        summary: `Never paid again automatically; parked for an admin, whose ${when === 'before' ? 'grant' : 'drop'} leaves Steve with exactly +500 cash, once.`,
        payouts: [cash('Steve')],
        parked: true,
      },
      journal: 'claimed/null',
    }),
  ),
  ...WHEN.map((when) =>
    steveScenario({
      state: `needs-admin-payout-interrupted-${when}`,
      description: `The server died inside the framework payout call (${when} ESX recorded it); 0.1.0 restarted, Steve joined, the claim was parked (payout_interrupted), then the server died again.`,
      async act(world, steve) {
        const { w } = world;
        await killInPayout(world, steve, 1, when);
        await w.restart();
        const again = await join(world, 'Steve');
        await waitForOutput(w, 'was interrupted');
        await w.advance(5000);
        w.drop(again);
        w.kill();
      },
      admin: decideCash(when),
      owed: {
        summary: `Parked for an admin, whose ${when === 'before' ? 'grant' : 'drop'} leaves Steve with exactly +500 cash, once.`,
        payouts: [cash('Steve')],
        parked: true,
      },
      journal: 'needs_admin/payout_interrupted',
    }),
  ),
  ...[1, 2, 3].flatMap((step) =>
    WHEN.map((when) => {
      // A grant gives reward #step again and every later one; a drop gives nothing more.
      const exact = when === 'before' || step === 3;
      return steveScenario({
        state: `three-rewards-killed-${when}-step-${step}`,
        description: `Three rewards (500 cash, 1000 bank, 2 bread): the server died inside payout #${step}, ${when} ESX recorded it.`,
        config: THREE_REWARDS,
        act: (world, steve) => killInPayout(world, steve, step, when),
        admin: !exact
          ? undefined
          : when === 'before'
            ? grantAll(`ESX shows reward #${step} missing: it and the rewards after it are owed`)
            : dropAll('ESX shows all three rewards: Steve has been paid'),
        owed: {
          summary: exact
            ? `Parked for an admin, whose ${when === 'before' ? 'grant' : 'drop'} leaves Steve with each of the three rewards exactly once.`
            : `Reward #${step} was paid before the kill and reward #${step + 1}.. are owed, but neither grant (pays #${step} again) nor drop (loses the rest) is exact: never paid automatically, the claim stays listed for an admin.`,
          payouts: exact ? threeRewards('Steve') : threeRewards('Steve').slice(0, step),
          parked: true,
          stillOpen: !exact,
        },
        journal: 'claimed/null',
      });
    }),
  ),
  steveScenario({
    state: 'needs-admin-last24h-answer-lost',
    description:
      'checkMode last24h: the claim answer was lost after the mock claimed; 0.1.0 cannot decide it and parked it (undecidable_in_last24h_mode), then the server died.',
    config: { ...CASH, checkMode: 'last24h' },
    async act({ w }, steve) {
      await parkInLast24h(w, steve);
      await w.advance(1000);
      w.kill();
    },
    admin: grantAll('the vote shows as claimed on the site'),
    owed: {
      summary: 'Parked for an admin; granted, Steve must end with exactly +500 cash, once.',
      payouts: [cash('Steve')],
      parked: true,
    },
    journal: 'needs_admin/undecidable_in_last24h_mode',
  }),
  steveScenario({
    state: 'claimed-granted-offline',
    description:
      'checkMode last24h: a lost claim answer was parked, an admin granted it while Steve was offline (granted_by_admin), then the server died.',
    config: { ...CASH, checkMode: 'last24h' },
    async act({ w }, steve) {
      await parkInLast24h(w, steve);
      w.drop(steve);
      const ref = /votereward grant (\S+)`/.exec(w.output().join('\n'))?.[1];
      if (!ref) throw new Error('no ref in the admin line');
      w.console(`votereward grant ${ref}`);
      await waitForOutput(w, 'an admin granted');
      await w.advance(1000);
      w.kill();
    },
    owed: {
      summary: 'Steve must end with exactly +500 cash, once, on his next join.',
      payouts: [cash('Steve')],
    },
    journal: 'claimed/granted_by_admin',
  }),
  {
    state: 'done-name-locks',
    description:
      'Steve, Straße and Ｌｅａ (full-width) claimed and were paid: the journal is empty, their names are bound to their licenses and their last claims are kept for the poller; then the server died.',
    config: CASH,
    async run(world) {
      const { w } = world;
      const owners = ['Steve', 'Straße', 'Ｌｅａ'];
      for (const name of owners) {
        await w.vote(name);
        const p = await join(world, name);
        w.type(p, '/vote');
        await w.until(() => w.ledger().some((e) => e.player === p.id));
        await w.advance(2000);
      }
      await w.advance(5000);
      w.kill();
      return {
        players: [],
        watchers: owners.map(player),
        newVotes: ['STEVE', 'STRAßE', 'Lea'],
        intruders: [
          { name: 'STEVE', license: licenseOf('intruder-steve') },
          { name: 'STRAßE', license: licenseOf('intruder-strasse') },
          { name: 'Lea', license: licenseOf('intruder-lea') },
        ],
        owed: {
          summary:
            'Nothing more is paid; the owners are not told of a new vote while the site cooldown of their last claim runs; other licenses cannot claim the bound names (STEVE, STRAßE, Lea).',
          payouts: owners.map(cash),
          silent: owners,
        },
        journal: [],
      };
    },
  },
];

/** The folder whose `vote-e2e-*` child the 0.1.0 harness creates its world in. */
async function createOldWorld(createE2e: CreateE2e, config: Record<string, unknown>): Promise<OldWorld> {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'vr-010-gen-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = parent;
  let w: E2e;
  try {
    w = await createE2e({ framework: 'esx', config });
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  }
  const [root] = fs.readdirSync(parent).filter((name) => name.startsWith('vote-e2e-'));
  if (!root) throw new Error(`the 0.1.0 harness made no world folder in ${parent}`);
  return { w, dataDir: path.join(parent, root, 'data'), names: new Map() };
}

function readKvp(dataDir: string): Record<string, StoredKvpValue> {
  const file = path.join(dataDir, 'kvp', 'vote-reward.json');
  return fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, StoredKvpValue>)
    : {};
}

function journalStates(kvp: Record<string, StoredKvpValue>): string[] {
  return Object.entries(kvp)
    .filter(([key]) => key.startsWith('claim:'))
    .map(([, value]) => JSON.parse(String(value.v)) as { state: string; problem: string | null })
    .map((entry) => `${entry.state}/${entry.problem}`);
}

async function generate(createE2e: CreateE2e, scenario: Scenario): Promise<Snapshot> {
  const world = await createOldWorld(createE2e, scenario.config);
  const { w } = world;
  try {
    const left = await scenario.run(world);
    if (!w.server.dead) throw new Error('the scenario left the server running');
    const killedAt = w.server.now();
    const kvp = readKvp(world.dataDir);
    const states = journalStates(kvp);
    if (JSON.stringify(states) !== JSON.stringify(left.journal))
      throw new Error(
        `the journal holds [${states.join(', ')}], the scenario expects [${left.journal.join(', ')}]`,
      );
    const refs = Object.entries(kvp)
      .filter(([key]) => key.startsWith('claim:'))
      .map(([, value]) => JSON.parse(String(value.v)) as { id: string; voteId: string | null })
      .map((entry) => entry.voteId ?? entry.id);
    const snapshot: Snapshot = {
      state: scenario.state,
      description: scenario.description,
      writtenBy: WRITTEN_BY,
      framework: 'esx',
      config: scenario.config,
      killedAt,
      kvp,
      votes: (w.store as unknown as OldStore)
        .listVotes({ serverId: w.serverId })
        .map((v) => ({ voteId: v.voteId, username: v.username, votedAt: v.votedAt, claimedAt: v.claimedAt })),
      paidBefore: w.ledger().map((e) => ({
        player: world.names.get(e.player) ?? `#${e.player}`,
        kind: e.kind,
        name: e.name,
        amount: e.amount,
      })),
      replay: {
        players: left.players,
        watchers: left.watchers ?? [],
        newVotes: left.newVotes ?? [],
        admin: left.admin?.(refs) ?? [],
        intruders: left.intruders ?? [],
      },
      owed: {
        summary: left.owed.summary,
        payouts: left.owed.payouts,
        parked: left.owed.parked ? refs : [],
        stillOpen: left.owed.stillOpen ? refs : [],
        silent: left.owed.silent ?? [],
      },
    };
    // The reference: 0.1.0 itself, restarted on the same data, reaches the owed outcome.
    await w.clearFaults();
    await w.restart();
    const seen = await replay(w, snapshot);
    const missed = missedOutcome(snapshot, seen);
    if (missed.length > 0)
      throw new Error(`0.1.0 itself misses the owed outcome of ${scenario.state}:\n  ${missed.join('\n  ')}`);
    return snapshot;
  } finally {
    await w.close();
    fs.rmSync(path.dirname(path.dirname(world.dataDir)), { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const [worktreeArg, ...only] = process.argv.slice(2);
  if (!worktreeArg)
    throw new Error('usage: tsx test/upgrade/generate-010-snapshots.ts <0.1.0 worktree> [state ...]');
  const worktree = path.resolve(worktreeArg);
  const head = execFileSync('git', ['-C', worktree, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  if (head !== COMMIT) throw new Error(`${worktree} is at ${head}, not 0.1.0 (${COMMIT})`);
  if (!fs.existsSync(path.join(worktree, 'dist', 'server.js')))
    throw new Error(`${worktree}/dist/server.js is missing: run \`node build.mjs\` there`);
  const harness = (await import(pathToFileURL(path.join(worktree, 'test', 'e2e', 'harness.ts')).href)) as {
    createE2e: CreateE2e;
  };
  const unknown = only.filter((state) => !SCENARIOS.some((s) => s.state === state));
  if (unknown.length > 0) throw new Error(`unknown state(s): ${unknown.join(', ')}`);
  fs.mkdirSync(SNAPSHOT_DIR, { recursive: true });
  for (const scenario of SCENARIOS) {
    if (only.length > 0 && !only.includes(scenario.state)) continue;
    const snapshot = await generate(harness.createE2e, scenario);
    fs.writeFileSync(
      path.join(SNAPSHOT_DIR, `${scenario.state}.json`),
      `${JSON.stringify(snapshot, null, 2)}\n`,
    );
    console.log(
      `${scenario.state}: ${Object.keys(snapshot.kvp).length} KVP key(s), 0.1.0 reaches the owed outcome`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
