import { describe, expect, it } from 'vitest';
import { runRemindersDemo } from './reminders';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('npm run demo:reminders', () => {
  it("tells a player's hour of reminders: each site at its own next-vote time, the quiet time, the cap, the party nudge, the opt-out across a restart", async () => {
    const lines: string[] = [];
    const read = await runRemindersDemo((line) => lines.push(line));
    const reminders = (player: string) =>
      read.filter(
        (line) =>
          line.player === player &&
          (line.text.startsWith('You can vote') || line.text.includes('and you have not voted today')),
      );
    // Steve voted everywhere before joining: Top-Serveurs said 20 min (its duration), serveur-prive 30 min (its
    // next_vote_seconds); the vote API's window (45 min after the claim) falls to the cap of 2 an hour.
    expect(reminders('Steve').map((line) => line.text)).toEqual([
      'You can vote on Top-Serveurs again: https://top-serveurs.example/vote',
      'You can vote on serveur-prive.net again: https://serveur-prive.example/vote',
    ]);
    const [ts, sp] = reminders('Steve').map((line) => line.at);
    expect(ts).toBeGreaterThanOrEqual(20 * MINUTE);
    expect(ts).toBeLessThanOrEqual(20 * MINUTE + 20_000);
    expect(sp).toBeGreaterThanOrEqual(30 * MINUTE);
    expect(sp).toBeLessThanOrEqual(30 * MINUTE + 20_000);
    // Alex voted nowhere: every open site in one line after the 2 min quiet time, then the party nudge.
    const alex = reminders('Alex');
    expect(alex).toHaveLength(2);
    expect(alex[0]?.text).toMatch(
      /^You can vote again on .+, Top-Serveurs \(.+\), serveur-prive\.net \(.+\)$/,
    );
    expect(alex[0]?.at).toBeGreaterThanOrEqual(2 * MINUTE);
    expect(alex[0]?.at).toBeLessThan(2 * MINUTE + 10_000);
    expect(alex[1]?.text).toMatch(/^3 vote\(s\) to the next vote party, and you have not voted today: http/);
    // Bea turned reminders off at 1:00: nothing, even after the restart at 50:00, until she turned them on at 55:00.
    const bea = read.filter((line) => line.player === 'Bea');
    expect(bea.map((line) => line.text)).toEqual([
      'Vote reminders are off for you. Type /votereminders on to get them again.',
      'Vote reminders are on. Type /votereminders off to stop them.',
      expect.stringMatching(/^You can vote again on /),
    ]);
    expect(reminders('Bea')[0]?.at).toBeGreaterThanOrEqual(55 * MINUTE);
    // Nobody read more than the cap (2) in any hour.
    for (const player of ['Steve', 'Alex', 'Bea'])
      for (const line of reminders(player))
        expect(
          reminders(player).filter((other) => other.at > line.at - HOUR && other.at <= line.at).length,
        ).toBeLessThanOrEqual(2);
    // Before the restart the status counts Steve's third reminder held by the cap, and Bea off.
    expect(lines).toContainEqual(
      expect.stringMatching(
        /│ Reminders {2}4 sent \(1 party nudge\), held 1 time by the cap of 2 an hour; 3 players online, 1 with reminders off;/,
      ),
    );
  }, 120_000);
});
