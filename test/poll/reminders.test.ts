/**
 * The reminders' rules on an injected clock: the quiet time after joining, each site at its own next-vote time, the
 * hourly cap, the opt-out kept in the KVP (a new instance over the same store is a restart), the party nudge, and what
 * holds a reminder back. The sites' states come from a table the test moves; the composition's own reader is
 * exercised in `reminders-hour.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import { createFakeClock, createFakeRuntime, type FakeRuntime } from '../../devkit/fakes/runtime';
import { remindersSchema } from '../../src/config/schema';
import { createTranslator } from '../../src/i18n/messages';
import {
  createVoteReminders,
  type PartyDistance,
  type ReminderReason,
  type ReminderSite,
  type VoteRemindersOptions,
} from '../../src/poll/reminders';
import { remindersKey } from '../../src/store/keys';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = Date.UTC(2026, 11, 7, 18, 0, 0);
const ANA = { name: 'Ana', license: 'license:aaa' };

const site = (id: string, state: ReminderSite['state'], nextVoteAt: number | null = null): ReminderSite => ({
  id,
  label: `Site ${id}`,
  voteUrl: `https://${id}.example/vote`,
  state,
  nextVoteAt,
});

/** `m:ss` after START. */
const clockOf = (at: number): string => {
  const seconds = Math.round((at - START) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

interface World {
  runtime: FakeRuntime;
  table: Map<number, ReminderSite[]>;
  sent: { at: number; source: number; reason: ReminderReason }[];
  reminders: ReturnType<typeof createVoteReminders>;
  /** Each line told to player 1, after the time since START (`m:ss`).  */
  lines(): string[];
}

const boot = (
  settings: Record<string, unknown>,
  extra: Partial<VoteRemindersOptions> = {},
  kvp?: Map<string, string>,
): World => {
  const runtime = createFakeRuntime({ clock: createFakeClock(START), kvp });
  const table = new Map<number, ReminderSite[]>();
  const sent: World['sent'] = [];
  const reminders = createVoteReminders({
    runtime,
    settings: remindersSchema.parse({ enabled: true, ...settings }),
    translate: createTranslator('en'),
    // A site `voted` until its next-vote time reads `can_vote` from then on, as the reader answers.
    sites: {
      read: (source, now) =>
        (table.get(source) ?? []).map((entry) =>
          entry.state === 'voted' && entry.nextVoteAt !== null && entry.nextVoteAt <= now
            ? { ...entry, state: 'can_vote' as const, nextVoteAt: null }
            : entry,
        ),
    },
    onSent: (source, reason, at) => sent.push({ at, source, reason }),
    ...extra,
  });
  return {
    runtime,
    table,
    sent,
    reminders,
    lines: () =>
      runtime.told
        .filter((t) => t.source === 1)
        .map((t, i) => `${clockOf(sent.filter((s) => s.source === 1)[i]?.at ?? Number.NaN)} ${t.message}`),
  };
};

describe('createVoteReminders', () => {
  it('waits the quiet time after a join, then reminds each site once it lets the player vote', async () => {
    const w = boot({ joinDelaySeconds: 120 });
    w.table.set(1, [
      site('seed', 'can_vote'),
      site('a', 'voted', START + 30 * MINUTE),
      site('b', 'can_vote'),
    ]);
    w.reminders.start();
    w.runtime.join(1, ANA);
    await w.runtime.clock.advance(115_000);
    expect(w.runtime.told).toEqual([]);
    await w.runtime.clock.advance(HOUR);
    expect(w.lines()).toEqual([
      '2:00 You can vote again on Site seed (https://seed.example/vote), Site b (https://b.example/vote)',
      '30:00 You can vote on Site a again: https://a.example/vote',
    ]);
    w.reminders.stop();
  });

  it('reminds a site again only after a new vote (repeatMinutes 0), at the next-vote time of that vote', async () => {
    const w = boot({ joinDelaySeconds: 0, maxPerHour: 20 });
    w.table.set(1, [site('a', 'can_vote')]);
    w.reminders.start();
    w.runtime.join(1, ANA);
    await w.runtime.clock.advance(HOUR);
    // The player votes at 1:00; the site lets them vote again at 2:00.
    w.table.set(1, [site('a', 'voted', START + 2 * HOUR)]);
    await w.runtime.clock.advance(2 * HOUR);
    expect(w.lines()).toEqual([
      '0:05 You can vote on Site a again: https://a.example/vote',
      '120:00 You can vote on Site a again: https://a.example/vote',
    ]);
    w.reminders.stop();
  });

  it('sends no more than maxPerHour lines in any hour: what is due waits for the oldest line to age', async () => {
    const w = boot({ joinDelaySeconds: 60, repeatMinutes: 10, maxPerHour: 2 });
    w.table.set(1, [site('a', 'can_vote')]);
    w.reminders.start();
    w.runtime.join(1, ANA);
    await w.runtime.clock.advance(2 * HOUR);
    expect(w.sent.map((s) => clockOf(s.at))).toEqual(['1:00', '11:00', '61:00', '71:00']);
    for (const at of w.sent.map((s) => s.at))
      expect(w.sent.filter((s) => s.at > at - HOUR && s.at <= at).length).toBeLessThanOrEqual(2);
    expect(w.reminders.status().capped).toBeGreaterThan(0);
    w.reminders.stop();
  });

  it('keeps a player\'s "off" across a restart, and "on" brings reminders back after it', async () => {
    const first = boot({ joinDelaySeconds: 0 });
    first.table.set(1, [site('a', 'can_vote')]);
    first.reminders.start();
    first.runtime.join(1, ANA);
    first.reminders.command(1, ['off']);
    expect(first.runtime.told.map((t) => t.message)).toEqual([
      'Vote reminders are off for you. Type /votereminders on to get them again.',
    ]);
    expect(JSON.parse(first.runtime.kvpData.get(remindersKey(ANA.license)) ?? 'null')).toEqual({
      format: 1,
      license: ANA.license,
      off: true,
      sent: [],
      reminded: {},
      nudgedFor: null,
    });
    await first.runtime.clock.advance(HOUR);
    expect(first.sent).toEqual([]);
    first.reminders.stop();

    const second = boot({ joinDelaySeconds: 0 }, {}, first.runtime.snapshot());
    second.table.set(1, [site('a', 'can_vote')]);
    second.reminders.start();
    second.runtime.join(1, ANA);
    await second.runtime.clock.advance(HOUR);
    expect(second.sent).toEqual([]);
    expect(second.reminders.isOff(ANA.license)).toBe(true);
    second.reminders.command(1, []);
    second.reminders.command(1, ['ON']);
    await second.runtime.clock.advance(10_000);
    expect(second.runtime.told.map((t) => t.message)).toEqual([
      'Vote reminders are off for you. Type /votereminders on to get them again.',
      'Vote reminders are on. Type /votereminders off to stop them.',
      'You can vote on Site a again: https://a.example/vote',
    ]);
    expect(JSON.parse(second.runtime.kvpData.get(remindersKey(ANA.license)) ?? 'null')).toMatchObject({
      off: false,
      sent: [START + HOUR + 5_000],
      reminded: { a: null },
    });
    second.reminders.stop();
  });

  it('writes nothing when the choice does not change, and answers an unknown word with the current state', () => {
    const w = boot({ command: 'rappels' });
    w.reminders.start();
    w.runtime.join(1, ANA);
    const writes = w.runtime.kvpWrites;
    w.reminders.command(1, ['on']);
    w.reminders.command(1, ['maybe']);
    w.reminders.command(1, ['off']);
    w.reminders.command(1, ['off']);
    expect(w.runtime.kvpWrites - writes).toBe(1);
    expect(w.runtime.told.map((t) => t.message)).toEqual([
      'Vote reminders are on. Type /rappels off to stop them.',
      'Vote reminders are on. Type /rappels off to stop them.',
      'Vote reminders are off for you. Type /rappels on to get them again.',
      'Vote reminders are off for you. Type /rappels on to get them again.',
    ]);
    w.reminders.stop();
  });

  it('reads an unreadable record as off, says so once, and leaves it as is', async () => {
    const kvp = new Map([[remindersKey(ANA.license), '{"format":9}']]);
    const w = boot({ joinDelaySeconds: 0 }, {}, kvp);
    w.table.set(1, [site('a', 'can_vote')]);
    w.reminders.start();
    w.runtime.join(1, ANA);
    await w.runtime.clock.advance(HOUR);
    expect(w.sent).toEqual([]);
    expect(w.runtime.logs.filter((l) => l.message.includes('reminders: reminders:license:aaa'))).toHaveLength(
      1,
    );
    expect(w.runtime.kvpData.get(remindersKey(ANA.license))).toBe('{"format":9}');
    w.reminders.stop();
  });

  it('bounds the times a stored record holds: a clock set back does not hold the cap or a site for years', async () => {
    const YEAR = 365 * 24 * HOUR;
    const kvp = new Map([
      [
        remindersKey(ANA.license),
        JSON.stringify({
          format: 1,
          license: ANA.license,
          off: false,
          sent: [START + YEAR, START + YEAR + 1],
          reminded: { a: START + 10 * YEAR },
          nudgedFor: null,
        }),
      ],
    ]);
    const w = boot({ joinDelaySeconds: 0, maxPerHour: 2 }, {}, kvp);
    w.table.set(1, [site('a', 'can_vote')]);
    w.reminders.start();
    w.runtime.join(1, ANA);
    await w.runtime.clock.advance(2 * HOUR);
    // The two lines "from the future" count as sent at the join: the cap holds one hour, then site a is reminded.
    expect(w.sent.map((s) => clockOf(s.at))).toEqual(['60:00']);
    w.reminders.stop();
  });

  it('holds reminders while a reward waits, and for sites the player has no identity on', async () => {
    let waiting = true;
    const w = boot({ joinDelaySeconds: 0 }, { waiting: () => waiting });
    w.table.set(1, [site('a', 'unknown'), site('b', 'can_vote')]);
    w.reminders.start();
    w.runtime.join(1, ANA);
    await w.runtime.clock.advance(30 * MINUTE);
    expect(w.sent).toEqual([]);
    waiting = false;
    await w.runtime.clock.advance(5 * MINUTE);
    expect(w.sent.map((s) => s.reason)).toEqual([{ kind: 'sites', sites: ['b'] }]);
    w.reminders.stop();
  });

  it('nudges a player who has not voted today once per party, when it is near and a site is open', async () => {
    let party: PartyDistance | null = { left: 12, goal: 50 };
    const voted = new Set<string>(['license:bob']);
    const w = boot(
      { joinDelaySeconds: 0, partyNudgeVotes: 5, maxPerHour: 20 },
      { party: () => party, votedToday: (license) => voted.has(license) },
    );
    w.table.set(1, [site('a', 'voted', START + 3 * HOUR)]);
    w.table.set(2, [site('a', 'can_vote')]);
    w.table.set(3, [site('a', 'can_vote')]);
    w.reminders.start();
    w.runtime.join(1, ANA);
    w.runtime.join(2, { name: 'Bob', license: 'license:bob' });
    w.runtime.join(3, { name: 'Cid', license: 'license:cid' });
    await w.runtime.clock.advance(10 * MINUTE);
    party = { left: 3, goal: 50 };
    await w.runtime.clock.advance(30 * MINUTE);
    party = { left: 1, goal: 50 };
    await w.runtime.clock.advance(30 * MINUTE);
    party = { left: 4, goal: 60 };
    await w.runtime.clock.advance(30 * MINUTE);
    const nudges = w.sent.filter((s) => s.reason.kind === 'party');
    // Ana has no open site; Bob voted today; Cid is nudged once for the party at 50 and once for the one at 60.
    expect(nudges.map((s) => [s.source, s.reason])).toEqual([
      [3, { kind: 'party', left: 3, goal: 50 }],
      [3, { kind: 'party', left: 4, goal: 60 }],
    ]);
    expect(w.runtime.told.filter((t) => t.source === 3).map((t) => t.message)).toContain(
      '3 vote(s) to the next vote party, and you have not voted today: https://a.example/vote',
    );
    w.reminders.stop();
  });

  it('keeps across a reconnect and a restart what was reminded and the lines of the hour (the cap)', async () => {
    const w = boot({ joinDelaySeconds: 60, repeatMinutes: 20, maxPerHour: 2 });
    w.table.set(1, [site('a', 'can_vote')]);
    w.reminders.start();
    w.runtime.join(1, ANA);
    await w.runtime.clock.advance(2 * MINUTE);
    w.runtime.drop(1);
    await w.runtime.clock.advance(MINUTE);
    w.runtime.join(1, ANA);
    await w.runtime.clock.advance(30 * MINUTE);
    w.reminders.stop();
    // A restart at 33:00: a new instance over the same store.
    const again = createVoteReminders({
      runtime: w.runtime,
      settings: remindersSchema.parse({
        enabled: true,
        joinDelaySeconds: 60,
        repeatMinutes: 20,
        maxPerHour: 2,
      }),
      translate: createTranslator('en'),
      sites: { read: () => [site('a', 'can_vote')] },
      onSent: (source, reason, at) => w.sent.push({ at, source, reason }),
    });
    again.start();
    await w.runtime.clock.advance(40 * MINUTE);
    // 1:00 first line; the reconnect at 3:00 waits for the repeat at 21:00; after the restart the cap holds until 61:00.
    expect(w.sent.map((s) => clockOf(s.at))).toEqual(['1:00', '21:00', '61:00']);
    again.stop();
  });

  it('forgets a player who leaves and survives a reader that throws', async () => {
    const w = boot({ joinDelaySeconds: 0 });
    let broken = true;
    const reminders = createVoteReminders({
      runtime: w.runtime,
      settings: remindersSchema.parse({ enabled: true, joinDelaySeconds: 0 }),
      translate: createTranslator('en'),
      sites: {
        read: () => {
          if (broken) throw new Error('store gone');
          return [site('a', 'can_vote')];
        },
      },
    });
    reminders.start();
    w.runtime.join(1, ANA);
    w.runtime.join(2, { name: 'Bob', license: 'license:bob' });
    await w.runtime.clock.advance(MINUTE);
    w.runtime.drop(2);
    broken = false;
    await w.runtime.clock.advance(10 * MINUTE);
    expect(w.runtime.told.map((t) => t.source)).toEqual([1]);
    expect(reminders.status().players).toBe(1);
    reminders.stop();
  });
});
