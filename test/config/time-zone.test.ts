import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load';
import { createCalendar, zoneProblem } from '../../src/programs/calendar';

const base = { apiUrl: 'https://votes.example', apiKey: 'live_0123456789abcdef0123456789abcdef' };
const load = (timeZone: string) =>
  loadConfig({ text: JSON.stringify({ ...base, timeZone }), convar: () => null });

describe('timeZone written as an abbreviation or a named offset', () => {
  it.each([
    [
      'EST',
      '"EST" is an abbreviation, which runtimes read differently (this server reads it as America/Panama); use the IANA name of a city in your zone, such as "America/New_York" (daylight saving included)',
    ],
    [
      'PST',
      '"PST" is an abbreviation, which runtimes read differently (this server reads it as America/Los_Angeles); use the IANA name of a city in your zone, such as "America/Los_Angeles" (daylight saving included)',
    ],
    [
      'cet',
      '"cet" is an abbreviation, which runtimes read differently (this server reads it as Europe/Brussels); use the IANA name of a city in your zone, such as "Europe/Paris" (daylight saving included)',
    ],
    [
      'BST',
      '"BST" is an abbreviation, which runtimes read differently (this server reads it as Asia/Dhaka); use the IANA name of a city in your zone, such as "Europe/London" (daylight saving included)',
    ],
    [
      'GMT',
      '"GMT" is an abbreviation, which runtimes read differently (this server reads it as UTC); use the IANA name of a city in your zone, such as "Europe/London" (daylight saving included), or "UTC"',
    ],
    [
      'CEST',
      '"CEST" is an abbreviation, which runtimes read differently (this server does not know it); use the IANA name of a city in your zone, such as "Europe/Paris" (daylight saving included)',
    ],
    [
      'EST5EDT',
      '"EST5EDT" is an abbreviation, which runtimes read differently (this server reads it as America/New_York); use the IANA name of a city in your zone, such as "America/New_York" (daylight saving included)',
    ],
    ['UTC+2', '"UTC+2" is not a zone name; write the offset as "+02:00"'],
    ['GMT-05:30', '"GMT-05:30" is not a zone name; write the offset as "-05:30"'],
    [
      'Etc/GMT+5',
      '"Etc/GMT+5" is UTC-05:00 (these names turn the sign around); write "-05:00", or the IANA name of a city in your zone (daylight saving included)',
    ],
  ])('%s is refused with the name to use', (zone, problem) => {
    // The runtime's reading differs between ICU versions: compare what this one says.
    const read = (() => {
      try {
        return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
      } catch {
        return null;
      }
    })();
    const expected = read ? problem.replace(/reads it as [^)]+/, `reads it as ${read}`) : problem;
    expect(zoneProblem(zone)).toBe(expected);
    expect(load(zone)).toEqual({ ok: false, problems: [`timeZone: ${expected}`] });
  });

  it.each(['UTC', '-05:00', 'America/New_York', 'US/Eastern', 'Etc/UTC', 'Asia/Tokyo', 'europe/paris'])(
    'accepts %s',
    (zone) => {
      expect(zoneProblem(zone)).toBeNull();
      expect(load(zone).ok).toBe(true);
    },
  );

  it('the suggested zone keeps summer time where the abbreviation did not (EST in July is an hour off)', () => {
    const july = Date.UTC(2026, 6, 1, 4, 30);
    expect(createCalendar('America/New_York').dayOf(july)).toBe('2026-07-01');
    expect(createCalendar('-05:00').dayOf(july)).toBe('2026-06-30');
  });
});
