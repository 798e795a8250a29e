import { describe, expect, it } from 'vitest';
import { runWeekDemo } from './week';

describe('npm run demo:week', () => {
  it('tells one player’s week: points from votes and a milestone, purchases, the weekly limit and its reset, a refund, admin lines', async () => {
    const lines: string[] = [];
    await runWeekDemo((line) => lines.push(line));
    const text = lines.join('\n');
    const steveReads = (message: string) =>
      lines.some((line) => /^ {2}Steve reads +│ (.*)$/.exec(line)?.[1] === message);
    expect(steveReads('Thanks for voting! You received 200$ in cash, 20 vote points.')).toBe(true);
    expect(steveReads('Vote milestone reached: 3 in all! Bonus: 50 vote points.')).toBe(true);
    expect(steveReads('You bought Bread x5 for 15 point(s). You have 25 point(s) left.')).toBe(true);
    expect(
      steveReads('You have bought Bread x5 as often as allowed (2); you can buy it again from 2025-06-09.'),
    ).toBe(true);
    expect(steveReads('The vote shop has no item "vip". Did you mean "vip7"? List: /voteshop')).toBe(true);
    expect(steveReads('You bought VIP for 7 days for 100 point(s). You have 0 point(s) left.')).toBe(true);
    expect(steveReads('Lockpick could not be given, so your 30 point(s) were given back.')).toBe(true);
    expect(steveReads('You bought Bread x5 for 15 point(s). You have 75 point(s) left.')).toBe(true);
    expect(lines.filter((line) => line.includes('VIP script      │ ran vote_gift'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('ESX paid        │ 5 x bread'))).toHaveLength(3);
    expect(text).not.toContain('ESX paid        │ 1 x lockpick');
    expect(text).toContain('Discord         │ Steve bought VIP for 7 days in the vote shop.');
    expect(text).toMatch(/lockpick +30 pts {2}refunded/);
    expect(text).toContain('+30  refund lockpick');
    expect(lines.at(-1)).toBe(
      'Steve’s week: 7 votes claimed; 4 purchase(s) delivered, one refused and refunded; the webhook received 5 message(s).',
    );
  }, 60_000);
});
