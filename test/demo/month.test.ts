import { describe, expect, it } from 'vitest';
import { runMonthDemo } from './month';

describe('npm run demo:month', () => {
  it('tells one player’s month with each program: first vote, milestones and a draw, a streak, a party, a top-voter prize, Discord, admin lines', async () => {
    const lines: string[] = [];
    await runMonthDemo((line) => lines.push(line));
    const text = lines.join('\n');
    const steveReads = (message: string | RegExp) =>
      lines.some((line) => {
        const read = /^ {2}Steve reads +│ (.*)$/.exec(line)?.[1];
        return read !== undefined && (typeof message === 'string' ? read === message : message.test(read));
      });
    expect(steveReads('Thanks for your first vote for the server! Bonus: 1000$ in the bank.')).toBe(true);
    expect(
      steveReads(/^Vote milestone reached: 3 in all! Bonus: (300\$ in cash|3000\$ in the bank)\.$/),
    ).toBe(true);
    expect(steveReads('Vote milestone reached: 5 in all! Bonus: 1500$ in the bank.')).toBe(true);
    expect(steveReads('3-day vote streak! Bonus: 750$ in the bank.')).toBe(true);
    expect(steveReads('Vote streak: 1 day(s), best 3. Vote again within 29 h to keep it.')).toBe(true);
    expect(
      steveReads('Vote party! The server reached 10 votes this month: you received 400$ in the bank.'),
    ).toBe(true);
    expect(steveReads('You were voter #1 of 2025-06: you received 5000$ in the bank.')).toBe(true);
    expect(steveReads('You are #1 with 5 vote(s).')).toBe(true);
    expect(text).toContain('Discord         │ Steve is on a 3-day vote streak!');
    expect(text).toContain(
      'Discord         │ Vote party! The server reached 10 votes this month; 1 player(s) rewarded.',
    );
    expect(text).toContain('Discord         │ Top voters of 2025-06: 1. Steve (5), 2. Alice (2)');
    expect(lines.filter((line) => line.endsWith('> votereward player Steve'))).toHaveLength(3);
    expect(text).toContain('Awards     1 open');
    expect(lines.at(-1)).toMatch(/^Steve’s month: 5 votes claimed, \d+ payouts worth \d+\$/);
  }, 60_000);
});
