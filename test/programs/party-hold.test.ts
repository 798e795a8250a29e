/**
 * A count the vote party does not trust is held: one line, nothing decided, until `votereward party confirm` (decided
 * at the held count, once) or `skip` (passed without paying). The hold is a record: it survives a restart and a crash.
 */
import { describe, expect, it } from 'vitest';
import type { VoteCount } from '../../contract/answers';
import {
  addVotes,
  awardPayouts,
  bootWorld,
  createShared,
  online,
  type ProgramsWorld,
  type Shared,
} from '../../devkit/worlds/programs-world';
import { runAdminCommand } from '../../src/domain/admin-command';
import { programsCommands } from '../../src/programs/console';
import { PARTY_HOLD_KEY } from '../../src/programs/party';

const MIN = 60_000;
const PARTY = {
  voteParty: { enabled: true, every: 3, reward: { type: 'money', amount: 1000 }, announceMinutes: 0 },
};
const count = (monthly: number): VoteCount => ({
  votes_total: monthly + 1000,
  votes_24h: monthly,
  votes_7d: monthly,
  votes_monthly: monthly,
  server_name: 'S',
  server_game: 'gta5',
});

/** Ana, Bo and Cy online; the party started at a count of 0 (read through the poller's event). */
const started = async (shared: Shared = createShared(), kvp?: Map<string, string>) => {
  const w = bootWorld(shared, PARTY, { kvp });
  online(w, 1, 'Ana', 'license:a');
  online(w, 2, 'Bo', 'license:b');
  online(w, 3, 'Cy', 'license:c');
  w.party?.start();
  await w.clock.settle();
  return w;
};

/** A count as the poller reads it (through the `voteCount` event, the loaded players asked first). */
const read = async (w: ProgramsWorld, monthly: number) => {
  w.events.emit('voteCount', { count: count(monthly), at: w.clock.now() });
  await w.clock.settle();
};

const party = (w: ProgramsWorld) => {
  if (!w.party) throw new Error('no party');
  return w.party;
};
const untrusted = (w: ProgramsWorld) => w.runtime.logs.filter((l) => l.message.includes('count not trusted'));
const decided = (w: ProgramsWorld) => w.runtime.kvp.keys('party:decision:');

describe('vote party: a count that is not trusted', () => {
  it('a count of a billion pays nothing, says so once, and can be skipped; later parties go on from there', async () => {
    const w = await started();
    await read(w, 1_000_000_000);
    await read(w, 1_000_000_000);
    expect(decided(w)).toEqual([]);
    expect(w.adapter.paid).toEqual([]);
    expect(untrusted(w).map((l) => l.message)).toEqual([
      'vote-reward: vote party: count not trusted, nothing paid: a count of 1000000000 would decide more than 3 parties at once. `votereward party confirm` pays the 333333333 threshold(s) 3..999999999 once; `votereward party skip` passes them without paying',
    ]);
    expect(await party(w).confirm()).toEqual([
      'vote party: the held count of 1000000000 would pay 333333333 parties; that is not a real count. `votereward party skip` passes them without paying',
    ]);
    expect(party(w).skip()).toEqual([
      'vote party: skipped: thresholds 3..999999999 of 2026-11 are passed, nothing paid for them',
    ]);
    expect(w.runtime.kvp.get(PARTY_HOLD_KEY)).toBeNull();
    expect(party(w).status()).toMatchObject({ lastDecided: 999_999_999, hold: null });
    // Judged from the skipped count on: the next threshold is an ordinary party.
    await read(w, 1_000_000_002);
    expect(decided(w)).toEqual(['party:decision:2026-11:1000000002']);
    expect(party(w).skip()).toEqual(['vote party: no count is held']);
  });

  it('confirm decides the held thresholds at the held count, once, for the players online then', async () => {
    const w = await started();
    await read(w, 13);
    expect(decided(w)).toEqual([]);
    expect(party(w).status().hold).toMatchObject({
      from: 3,
      to: 12,
      votes: 13,
      reason: 'too_many_thresholds',
    });
    w.runtime.drop(3);
    expect(await party(w).confirm()).toEqual([
      'vote party: confirmed: 4 threshold(s) 3..12 of 2026-11 decided at the held count of 13',
    ]);
    await w.clock.settle();
    expect(party(w).decision('2026-11', 12)).toMatchObject({
      votes: 13,
      players: [{ name: 'Ana' }, { name: 'Bo' }],
    });
    expect(awardPayouts(w.adapter, 'a:party:').sort()).toEqual(
      [3, 6, 9, 12]
        .flatMap((t) => [`a:party:2026-11:${t}:license:a@1`, `a:party:2026-11:${t}:license:b@2`])
        .sort(),
    );
    expect(await party(w).confirm()).toEqual(['vote party: no count is held']);
    await read(w, 13);
    await read(w, 15);
    expect(decided(w)).toHaveLength(5);
    expect(awardPayouts(w.adapter, 'a:party:')).toHaveLength(10);
  });

  it('the hold survives a restart: reads after it decide nothing until an admin decides', async () => {
    const shared = createShared();
    const first = await started(shared);
    addVotes(shared.api, shared.clock.now(), 14);
    await read(first, 13);
    first.stop();
    const second = await started(shared, first.runtime.snapshot());
    await shared.clock.advance(3 * MIN);
    expect(decided(second)).toEqual([]);
    expect(party(second).status()).toMatchObject({ waiting: 'hold', hold: { from: 3, to: 12, votes: 13 } });
    expect(untrusted(second)).toEqual([]);
    expect(await party(second).confirm()).toHaveLength(1);
    expect(decided(second)).toHaveLength(4);
  });

  it('a count back below the held thresholds drops the hold with one line, paying nothing for it', async () => {
    const w = await started();
    await read(w, 1_000_000_000);
    await read(w, 2);
    expect(w.runtime.kvp.get(PARTY_HOLD_KEY)).toBeNull();
    expect(w.runtime.logs.at(-1)?.message).toBe(
      'vote-reward: vote party: the count is back to 2, below the held thresholds: the held count of 1000000000 is dropped, nothing was paid for it',
    );
    await read(w, 3);
    expect(decided(w)).toEqual(['party:decision:2026-11:3']);
  });

  it('a count that goes down is logged once per drop; thresholds decided before are not decided again', async () => {
    const w = await started();
    await read(w, 3);
    await read(w, 6);
    const down = () => w.runtime.logs.filter((l) => l.message.includes('went down')).map((l) => l.message);
    await read(w, 1);
    await read(w, 2);
    expect(down()).toEqual([
      "vote-reward: vote party: the API's count of 2026-11 went down from 6 to 1; thresholds already decided are not decided again",
    ]);
    await read(w, 6);
    await read(w, 2);
    expect(down()).toHaveLength(2);
    await read(w, 6);
    expect(decided(w)).toEqual(['party:decision:2026-11:3', 'party:decision:2026-11:6']);
    expect(awardPayouts(w.adapter, 'a:party:')).toHaveLength(6);
  });

  it('an unreadable clock record holds decisions with one line until an admin accepts the clock', async () => {
    const w = await started();
    w.runtime.kvp.set('clock:programs', '{"format":1,"seen":"soon"}');
    await read(w, 3);
    await read(w, 3);
    expect(decided(w)).toEqual([]);
    expect(w.runtime.logs.filter((l) => l.message.includes('clock:programs')).map((l) => l.message)).toEqual([
      'vote-reward: vote party: clock:programs is unreadable (left as is); nothing is decided until `votereward party confirm` accepts the clock',
    ]);
    expect(await party(w).confirm()).toHaveLength(1);
    await read(w, 3);
    expect(decided(w)).toEqual(['party:decision:2026-11:3']);
  });

  // Confirming 3..12 for Ana and Bo writes, per threshold: decision, award a, award b, progress; then the month's highest
  // trusted count, then the hold goes (18 writes); the payouts come after.
  it.each(Array.from({ length: 18 }, (_, i) => i + 1))(
    'a crash at write %i of a confirm pays each share once after a restart and a second confirm',
    async (n) => {
      const shared = createShared();
      const first = await started(shared);
      first.runtime.drop(3);
      addVotes(shared.api, shared.clock.now(), 13);
      await read(first, 13);
      first.runtime.crashOnKvpWrite(n);
      const lines = await party(first).confirm();
      first.stop();
      const crashed = first.runtime.logs.some((l) => l.message.includes('simulated crash'));
      expect(crashed || lines[0]?.startsWith('vote party: confirmed')).toBe(true);
      const second = bootWorld(shared, PARTY, { kvp: first.runtime.snapshot() });
      online(second, 1, 'Ana', 'license:a');
      online(second, 2, 'Bo', 'license:b');
      second.party?.start();
      await shared.clock.settle();
      if (second.runtime.kvp.get(PARTY_HOLD_KEY) !== null) await party(second).confirm();
      await shared.clock.settle();
      expect(second.runtime.kvp.get(PARTY_HOLD_KEY)).toBeNull();
      expect(awardPayouts(shared.adapter, 'a:party:').sort()).toEqual(
        [3, 6, 9, 12]
          .flatMap((t) => [`a:party:2026-11:${t}:license:a@1`, `a:party:2026-11:${t}:license:b@2`])
          .sort(),
      );
      expect(second.flow.pending()).toEqual([]);
      expect(party(second).status().lastDecided).toBe(12);
    },
  );
});

describe('votereward party confirm|skip', () => {
  /** The programs' rows over a party that records what it was asked. */
  const table = () => {
    const calls: string[] = [];
    const party = {
      status: () => {
        calls.push('status');
        return { ...STATUS };
      },
      confirm: async () => {
        calls.push('confirm');
        return ['party confirm'];
      },
      skip: () => {
        calls.push('skip');
        return ['party skip'];
      },
    };
    const target = { programs: {} as never, flow: {} as never, party, top: null };
    return {
      calls,
      commands: programsCommands(
        () => target,
        () => 0,
      ),
    };
  };
  const STATUS = {
    month: '2026-11',
    every: 3,
    votes: 13,
    nextThreshold: 15,
    lastDecided: 0,
    lastDecision: null,
    lastReadAt: 0,
    readBy: 'poller' as const,
    reads: { sent: 0, failed: 0, refused: 0 },
    lastError: null,
    waitingForReset: false,
    waiting: 'hold' as const,
    hold: {
      format: 1 as const,
      month: '2026-11',
      from: 3,
      to: 12,
      votes: 13,
      at: 0,
      reason: 'too_many_thresholds' as const,
      why: 'a count of 13 would decide more than 3 parties at once',
    },
  };

  it.each([
    [['party', 'confirm'], 'confirm', ['party confirm']],
    [['party', 'SKIP'], 'skip', ['party skip']],
  ])('%j runs the party action %s', async (args, action, lines) => {
    const { calls, commands } = table();
    expect(await runAdminCommand(commands, args)).toEqual(lines);
    expect(calls).toEqual([action]);
  });

  it('votereward party shows the held count and what the admin can do', async () => {
    const { commands } = table();
    expect((await runAdminCommand(commands, ['party'])).at(-1)).toBe(
      '  Held       a count of 13 would decide more than 3 parties at once; `votereward party confirm` pays 3..12 once, `votereward party skip` passes them',
    );
  });

  it('refuses another word and lists confirm and skip in the usage', async () => {
    const { calls, commands } = table();
    const lines = await runAdminCommand(commands, ['party', 'pay']);
    expect(calls).toEqual([]);
    expect(lines[0]).toBe('votereward party: "pay" is not confirm or skip');
    expect(lines).toContain(
      '  party confirm       pay a held vote-party count once (or accept the server clock after fixing it)',
    );
    expect(lines).toContain('  party skip          pass the parties of a held count without paying them');
  });
});
