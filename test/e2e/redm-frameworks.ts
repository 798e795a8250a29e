/**
 * One end-to-end run of a RedM framework (used by frameworks-vorp.test.ts and frameworks-rsg.test.ts): the built bundle
 * with the shipped fxmanifest.lua on a simulated FXServer running RedM (`rdr3`), the framework's fakes (the models
 * the transcripts calibrate), the real mock; reward programs on: first vote, a milestone, the vote party.
 */
import { afterEach, expect, it } from 'vitest';
import type { PayoutEntry } from '../../devkit/fxserver';
import { createE2e, type E2e, type E2ePlayer, type RedmFramework } from '../../devkit/worlds/e2e-harness';

const HOUR = 3_600_000;

/** What a RedM framework's run pays, as `[resource, kind, account or item, amount]` ledger rows. */
export interface RedmExpectations {
  /** The vote's reward config and its ledger row. */
  reward: [Record<string, unknown>, [string, string, string, number]];
  /** The first-vote bonus config and its row. */
  firstVote: [Record<string, unknown>, [string, string, string, number]];
  /** The milestone at 2 votes: config and row. */
  milestone: [Record<string, unknown>, [string, string, string, number]];
  /** The party reward (every 3 votes of the month): config and row. */
  party: [Record<string, unknown>, [string, string, string, number]];
  /** Extra config (e.g. `rsg.bank`). */
  config?: Record<string, unknown>;
  /** Lines the resource prints once at start for this framework (VORP's Steam requirement). */
  startupNotes?: string[];
}

const row = (e: PayoutEntry) => [e.framework, e.kind, e.name, e.amount];

/** Registers the RedM run of `framework` in the calling test file. */
export function redmFrameworkTest(framework: RedmFramework, expected: RedmExpectations): void {
  let world: E2e | null = null;
  afterEach(async () => {
    await world?.close();
    world = null;
  });

  it(`${framework} on RedM: each vote pays once with its first-vote bonus and milestone, the vote party pays the online voter once`, async () => {
    const w = await createE2e({
      framework,
      config: {
        claimCooldownSeconds: 0,
        poll: { enabled: false },
        reward: expected.reward[0],
        firstVote: { reward: expected.firstVote[0] },
        milestones: [{ at: 2, reward: expected.milestone[0] }],
        voteParty: { enabled: true, every: 3, reward: expected.party[0], announceMinutes: 0 },
        ...expected.config,
      },
    });
    world = w;
    await w.advance(1000);
    expect(w.consoleLines().some((l) => l.includes("Couldn't start resource vote-reward"))).toBe(false);
    expect(w.output().some((l) => l.startsWith('vote-reward: connected to '))).toBe(true);
    for (const note of expected.startupNotes ?? [])
      expect(w.output().filter((l) => l.includes(note))).toHaveLength(1);

    await w.vote('Steve', { agoMs: 4 * HOUR });
    await w.vote('Steve', { agoMs: HOUR });
    const steve: E2ePlayer = await w.join('Steve');
    const claim = async (payouts: number) => {
      const before = w.ledger().length;
      w.type(steve, '/vote');
      await w.until(() => w.ledger().length >= before + payouts);
      await w.advance(2000);
      return w.ledger().slice(before);
    };

    expect((await claim(2)).map(row)).toEqual([expected.reward[1], expected.firstVote[1]]);
    expect((await claim(2)).map(row)).toEqual([expected.reward[1], expected.milestone[1]]);
    expect(w.ledger().every((e) => e.player === steve.id)).toBe(true);

    // A third vote of the month (someone else's) reaches the party: Steve, online, is paid once.
    await w.vote('Fan1', { agoMs: 1000 });
    const before = w.ledger().length;
    await w.until(() => w.ledger().length > before, 70_000);
    await w.advance(65_000);
    expect(w.ledger().slice(before).map(row)).toEqual([expected.party[1]]);

    // Nothing is left to pay: another /vote and another minute pay nothing more.
    const paid = w.ledger().length;
    w.type(steve, '/vote');
    await w.advance(65_000);
    expect(w.ledger()).toHaveLength(paid);
    expect(w.unclaimed('Steve')).toEqual([]);
    expect(w.kvp('claim:')).toEqual({});
  });
}
