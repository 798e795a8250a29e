/** `/votetop` reads the month rankings the history store keeps, and answers one player at most every 3 s. */
import { describe, expect, it } from 'vitest';
import { programsFor } from '../../devkit/fakes/engine-kit';
import { createFakeClock, createFakeRuntime } from '../../devkit/fakes/runtime';
import { configSchema } from '../../src/config/schema';
import { createEventChannel } from '../../src/domain/events';
import { createTranslator } from '../../src/i18n/messages';
import { freshHistory } from '../../src/programs/history';
import { createTopVoters } from '../../src/programs/top';

const NOV = Date.parse('2026-11-21T10:00:00.000Z');

function world() {
  const runtime = createFakeRuntime({ clock: createFakeClock(NOV) });
  const config = configSchema.parse({ topVoters: { enabled: true } });
  const programs = programsFor({ config, runtime, events: createEventChannel() });
  let ranked = 0;
  const history = {
    ...programs.history,
    top: (month: string, n: number) => {
      ranked += 1;
      return programs.history.top(month, n);
    },
  };
  const top = createTopVoters({
    settings: config.topVoters,
    runtime,
    programs: { ...programs, history },
    events: createEventChannel(),
    translate: createTranslator('en'),
    command: 'vote',
    settle: async () => undefined,
  });
  for (const [license, name, votes] of [
    ['license:a', 'Ana', 3],
    ['license:b', 'Bo', 5],
  ] as const) {
    programs.history.put({
      ...freshHistory(license, name),
      total: votes,
      months: { '2026-11': votes },
      monthReachedAt: { '2026-11': NOV },
    });
  }
  runtime.onlinePlayers.set(1, { name: 'Ana', license: 'license:a' });
  runtime.onlinePlayers.set(2, { name: 'Bo', license: 'license:b' });
  return { runtime, top, programs, ranked: () => ranked };
}

describe('/votetop', () => {
  it('answers a player again within 3 s with one wait line, ranking nothing; others and later asks are ranked', async () => {
    const w = world();
    const first = w.top.lines(1);
    expect(first.length).toBeGreaterThan(2);
    expect(w.ranked()).toBe(1);
    await w.runtime.clock.advance(2_000);
    expect(w.top.lines(1)).toEqual(['Please wait 1 s before typing /votetop again.']);
    expect(w.ranked()).toBe(1);
    expect(w.top.lines(2)).toEqual(expect.arrayContaining([expect.stringContaining('Bo')]));
    expect(w.ranked()).toBe(2);
    await w.runtime.clock.advance(1_000);
    expect(w.top.lines(1)).toEqual(first);
    expect(w.ranked()).toBe(3);
  });

  it('shows a vote written a moment ago, without a rebuild: the ranking follows each put', () => {
    const w = world();
    expect(w.programs.history.rankOf('license:a', '2026-11')).toMatchObject({ rank: 2, votes: 3 });
    const ana = w.programs.history.get('license:a');
    w.programs.history.put({ ...ana, months: { '2026-11': 6 }, monthReachedAt: { '2026-11': NOV + 1 } });
    expect(w.programs.history.top('2026-11', 2).map((line) => [line.name, line.rank])).toEqual([
      ['Ana', 1],
      ['Bo', 2],
    ]);
  });
});
