import { describe, expect, it } from 'vitest';
import { createFakeClock, type FakeRuntime } from '../../devkit/fakes/runtime';
import { startResourceWorld } from '../../devkit/worlds/resource-world';
import { freshHistory } from '../../src/programs/history';
import { HISTORY_PREFIX } from '../../src/store/keys';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const PAID = { type: 'custom', event: 'x:paid' };

/** The names of the attack review (findings 1 and 4) and what other players see of them in chat. */
const HOSTILE_NAMES: ReadonlyArray<readonly [string, string, string]> = [
  [
    'ESC before each markdown character',
    '\u001b[Free Nitro\u001b] \u001b(https://evil.example/login\u001b) \u001b*\u001b*click\u001b*\u001b*',
    '[Free Nitro] (https://evil.example/login) **click**',
  ],
  ['a zero-width space', 'Ste\u200bve', 'Steve'],
  ['a zero-width joiner and non-joiner', 'S\u200dte\u200cve', 'Steve'],
  ['a bidi override', '\u202eevetS', 'evetS'],
  ['bidi isolates', '\u2066Steve\u2069', 'Steve'],
  ['a BOM and a word joiner', '\ufeffSteve\u2060', 'Steve'],
  ['a soft hyphen', 'Ste\u00adve', 'Steve'],
  ['bold', '^*Steve', 'Steve'],
  ['underline', '^_Steve', 'Steve'],
  ['underline and strike-through', '^=Steve', 'Steve'],
  ['strike-through', '^~Steve', 'Steve'],
  ['reset', 'Ste^rve', 'Steve'],
  ['a hex colour', '^#ff0000Steve', 'Steve'],
  ['a game colour', '~r~Steve', 'Steve'],
  ['a newline, a tab and ESC alone', 'Ste\nve\t\u001b', 'Ste ve'],
];

/** The resource over the fake runtime with one stored history of `name`, top voters on, started. */
async function started(names: readonly string[]): Promise<FakeRuntime> {
  const { runtime } = await startResourceWorld({
    clock: createFakeClock(T0),
    config: { reward: PAID, topVoters: { enabled: true, awards: [{ rank: 1, reward: PAID }] } },
    before(runtime) {
      names.forEach((name, i) => {
        const license = `license:h${i}`;
        runtime.kvpData.set(
          `${HISTORY_PREFIX}${license}`,
          JSON.stringify({
            ...freshHistory(license, name),
            total: 1,
            months: { '2026-11': names.length - i },
            monthReachedAt: { '2026-11': T0 - 3_600_000 },
            lastVoteAt: T0 - 3_600_000 + i,
            recent: [`r${i}`],
          }),
        );
      });
    },
  });
  runtime.join(1, { name: 'Viewer', license: 'license:viewer' });
  return runtime;
}

const admin = async (runtime: FakeRuntime, line: string) => {
  const before = runtime.logs.length;
  runtime.commands.get('votereward')?.handler(0, line.split(' '), `votereward ${line}`);
  await runtime.clock.settle();
  return runtime.logs.slice(before).map((l) => l.message);
};

describe('names other players see', () => {
  it.each(HOSTILE_NAMES)('/votetop and votereward top show %s cleaned', async (_case, name, shown) => {
    const runtime = await started([name]);
    runtime.told.length = 0;
    runtime.commands.get('votetop')?.handler(1, [], 'votetop');
    expect(runtime.told.map((t) => t.message)[1]).toBe(`#1 ${shown}: 1 vote(s)`);
    const top = await admin(runtime, 'top');
    expect(top[1]).toBe(`  #1   ${shown.padEnd(20)}     1 vote(s)  license:h0`);
  });

  it('votereward player finds a name with invisible characters or style codes by what it shows', async () => {
    const runtime = await started(['Ste\u200bve', 'x^*Ana\u202e']);
    expect((await admin(runtime, 'player Steve'))[0]).toBe('vote-reward player Steve (license:h0)');
    expect((await admin(runtime, 'player STEVE'))[0]).toBe('vote-reward player Steve (license:h0)');
    expect((await admin(runtime, 'player xana'))[0]).toBe('vote-reward player xAna (license:h1)');
    expect((await admin(runtime, 'player Ste\u200bve'))[0]).toBe('vote-reward player Steve (license:h0)');
    expect(await admin(runtime, 'player \u200b')).toEqual([
      'votereward player: no vote history, open award, points or purchase for "\\u200b"',
    ]);
  });
});
