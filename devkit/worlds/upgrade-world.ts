/**
 * What a 0.1.0 KVP snapshot holds, and the one replay both sides run: the generator replays each snapshot on the
 * 0.1.0 bundle that wrote it (the reference), the upgrade test replays it on the current bundle. Both check the
 * same owed outcome, so a snapshot whose outcome 0.1.0 itself does not reach is never written.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Folder of the committed snapshots. */
export const SNAPSHOT_DIR = path.join(
  path.dirname(new URL(import.meta.url).pathname),
  '../../test/upgrade/snapshots-0.1.0',
);

/** A KVP value exactly as the simulated FXServer stores it on disk (`<data>/kvp/vote-reward.json`). */
export type StoredKvpValue = { t: 's'; v: string } | { t: 'i'; v: number } | { t: 'f'; v: number };

/** A player of a snapshot, identified by name and license (server ids change with every boot). */
export interface SnapshotPlayer {
  name: string;
  license: string;
}

/** One payout, by player name, as the framework fakes record it. */
export interface SnapshotPayout {
  player: string;
  kind: string;
  name: string;
  amount: number;
}

/** A vote on the mock, as it stood when the server died. */
export interface SnapshotVote {
  voteId: string;
  username: string;
  votedAt: number;
  claimedAt: number | null;
}

/** An admin console decision, taken after the players joined. */
export interface AdminDecision {
  command: 'grant' | 'drop';
  /** The ref `votereward pending` shows (vote_id, else the local id). */
  ref: string;
  /** Why this is the right decision (what the admin sees in game). */
  because: string;
}

/** Everything one snapshot file holds. */
export interface Snapshot {
  /** File name without `.json`. */
  state: string;
  /** What happened before the server died. */
  description: string;
  /** Version and commit that wrote the KVP. */
  writtenBy: string;
  framework: 'esx';
  /** config.json fields (apiUrl and voteUrl are the mock's and are filled at boot). */
  config: Record<string, unknown>;
  /** Simulated time of the kill (ms); a replay boots a minute later. */
  killedAt: number;
  /** The whole KVP store of the resource, keys and values exactly as stored. */
  kvp: Record<string, StoredKvpValue>;
  /** The mock's votes when the server died. */
  votes: SnapshotVote[];
  /** Payouts the framework recorded before the kill. */
  paidBefore: SnapshotPayout[];
  /** What the replay does after booting the new version. */
  replay: {
    /** Players who join and then type /vote. */
    players: SnapshotPlayer[];
    /** Players who only join (their last claim must keep the poller quiet). */
    watchers: SnapshotPlayer[];
    /** Votes recorded on the mock after the boot, before anyone joins. */
    newVotes: string[];
    /** Admin decisions, applied after the players joined. */
    admin: AdminDecision[];
    /** Other licenses joining with a bound name and typing /vote. */
    intruders: SnapshotPlayer[];
  };
  /** The owed outcome. */
  owed: {
    /** In words. */
    summary: string;
    /** Every payout of the claim(s), before and after the upgrade together: each exactly once. */
    payouts: SnapshotPayout[];
    /** Refs that must be listed by `votereward pending` as waiting for an admin once the players joined. */
    parked: string[];
    /** Refs still listed by `votereward pending` at the end (no admin decision pays exactly what is owed). */
    stillOpen: string[];
    /** Players who must not be told anything after joining (nothing owed, their last claim still known). */
    silent: string[];
  };
}

/** A joined player: server id, name, license. */
export interface ReplayPlayer {
  id: number;
  name: string;
  license: string;
}

/** The world a replay drives: the e2e harness of either version. */
export interface ReplayWorld {
  join(name: string, options?: { license?: string }): Promise<ReplayPlayer>;
  type(player: ReplayPlayer, line: string): void;
  console(line: string): void;
  advance(ms: number): Promise<void>;
  vote(username: string): Promise<unknown>;
  ledger(): { player: number; kind: string; name: string; amount: number }[];
  output(): string[];
  messages(player: ReplayPlayer): string[];
  unclaimed(username: string): unknown[];
}

/** What a replay saw. */
export interface ReplayObservation {
  /** `votereward pending` lines right after the boot, after the joins, and at the end. */
  pending: { boot: string[]; joined: string[]; end: string[] };
  /** Payouts during the replay. */
  paid: SnapshotPayout[];
  /** Chat lines each player received, by name (intruders under `name (intruder)`). */
  messages: Record<string, string[]>;
  /** Unclaimed votes of each intruder's name at the end. */
  intruderUnclaimed: Record<string, number>;
}

const pendingLines = async (world: ReplayWorld): Promise<string[]> => {
  const from = world.output().length;
  world.console('votereward pending');
  await world.advance(200);
  return world.output().slice(from);
};

/**
 * Replays a snapshot on a freshly booted world: reconciliation at start and on the timer, the players joining, the
 * admin decisions, every player typing /vote, then intruders trying the bound names.
 */
export async function replay(world: ReplayWorld, snapshot: Snapshot): Promise<ReplayObservation> {
  const names = new Map<number, string>();
  const ledgerFrom = world.ledger().length;
  await world.advance(20_000);
  const boot = await pendingLines(world);
  for (const username of snapshot.replay.newVotes) await world.vote(username);
  const joined: ReplayPlayer[] = [];
  const watching: ReplayPlayer[] = [];
  for (const player of [...snapshot.replay.players, ...snapshot.replay.watchers]) {
    const p = await world.join(player.name, { license: player.license });
    names.set(p.id, player.name);
    (snapshot.replay.players.includes(player) ? joined : watching).push(p);
  }
  await world.advance(60_000);
  const afterJoin = await pendingLines(world);
  for (const decision of snapshot.replay.admin) {
    world.console(`votereward ${decision.command} ${decision.ref}`);
    await world.advance(10_000);
  }
  for (const p of joined) world.type(p, '/vote');
  await world.advance(30_000);
  const intruders: ReplayPlayer[] = [];
  for (const intruder of snapshot.replay.intruders) {
    const p = await world.join(intruder.name, { license: intruder.license });
    names.set(p.id, `${intruder.name} (intruder)`);
    intruders.push(p);
  }
  await world.advance(15_000);
  for (const p of intruders) world.type(p, '/vote');
  await world.advance(30_000);
  const end = await pendingLines(world);
  const messages: Record<string, string[]> = {};
  for (const p of [...joined, ...watching, ...intruders])
    messages[names.get(p.id) ?? String(p.id)] = world.messages(p);
  return {
    pending: { boot, joined: afterJoin, end },
    paid: world
      .ledger()
      .slice(ledgerFrom)
      .map((e) => ({
        player: names.get(e.player) ?? `#${e.player}`,
        kind: e.kind,
        name: e.name,
        amount: e.amount,
      })),
    messages,
    intruderUnclaimed: Object.fromEntries(
      snapshot.replay.intruders.map((i) => [i.name, world.unclaimed(i.name).length]),
    ),
  };
}

const payoutKey = (p: SnapshotPayout): string => `${p.player} ${p.kind} ${p.name} ${p.amount}`;
const sorted = (payouts: SnapshotPayout[]): string[] => payouts.map(payoutKey).sort();

/** The line of a `votereward pending` listing that names `ref`, if any. */
function lineOf(lines: string[], ref: string): string | undefined {
  return lines.find((line) => line.includes(ref));
}

/** Refs (vote_id, else local id) of the journal entries in a snapshot's KVP. */
export function journalRefs(snapshot: Snapshot): string[] {
  return Object.entries(snapshot.kvp)
    .filter(([key, value]) => key.startsWith('claim:') && value.t === 's')
    .map(([, value]) => JSON.parse(String(value.v)) as { id: string; voteId: string | null })
    .map((entry) => entry.voteId ?? entry.id);
}

/** Every way the replay missed the owed outcome, in words; empty when the outcome was reached. */
export function missedOutcome(snapshot: Snapshot, seen: ReplayObservation): string[] {
  const problems: string[] = [];
  const total = sorted([...snapshot.paidBefore, ...seen.paid]);
  const owed = sorted(snapshot.owed.payouts);
  if (JSON.stringify(total) !== JSON.stringify(owed)) {
    problems.push(
      `payouts before + after the upgrade are [${total.join('; ')}], owed exactly once: [${owed.join('; ')}]`,
    );
  }
  for (const ref of snapshot.owed.parked) {
    const line = lineOf(seen.pending.joined, ref);
    if (!line || !/admin/i.test(line))
      problems.push(
        `${ref} is not listed as waiting for an admin after the join: ${seen.pending.joined.join(' | ')}`,
      );
  }
  for (const ref of snapshot.owed.stillOpen) {
    if (!lineOf(seen.pending.end, ref))
      problems.push(`${ref} (still owed) is missing from \`votereward pending\` at the end`);
  }
  for (const ref of journalRefs(snapshot)) {
    if (!snapshot.owed.stillOpen.includes(ref) && lineOf(seen.pending.end, ref))
      problems.push(
        `${ref} is still mentioned by \`votereward pending\` at the end: ${seen.pending.end.join(' | ')}`,
      );
  }
  for (const name of snapshot.owed.silent) {
    const told = seen.messages[name] ?? [];
    if (told.length > 0) problems.push(`${name} was told ${JSON.stringify(told)}`);
  }
  for (const intruder of snapshot.replay.intruders) {
    const voted = snapshot.replay.newVotes.filter((name) => name === intruder.name).length;
    if (seen.intruderUnclaimed[intruder.name] !== voted)
      problems.push(`the vote of ${intruder.name} (intruder) was claimed: the name lock did not hold`);
  }
  return problems;
}

/** Reads every committed snapshot, sorted by state. */
export function readSnapshots(): Snapshot[] {
  return fs
    .readdirSync(SNAPSHOT_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(SNAPSHOT_DIR, file), 'utf8')) as Snapshot);
}
