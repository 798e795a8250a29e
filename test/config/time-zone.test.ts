import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load';
import { createCalendar, zoneProblem, zoneWarning } from '../../src/domain/calendar';

const base = { apiUrl: 'https://votes.example', apiKey: 'live_0123456789abcdef0123456789abcdef' };
const load = (timeZone: string) =>
  loadConfig({ text: JSON.stringify({ ...base, timeZone }), convar: () => null });

/** The zone this runtime's ICU reads `zone` as (it differs between ICU versions), or null. */
const readAs = (zone: string): string | null => {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
};

describe('timeZone as an abbreviation the runtime accepts: used as read, with a warning naming the zone meant', () => {
  it.each([
    ['EST', 'America/New_York', ''],
    ['PST', 'America/Los_Angeles', ''],
    ['cet', 'Europe/Paris', ''],
    ['BST', 'Europe/London', ''],
    ['GMT', 'Europe/London', ', or "UTC"'],
    ['EST5EDT', 'America/New_York', ''],
  ])('%s: a warning suggesting %s', (zone, meant, more) => {
    const read = readAs(zone);
    expect(read, `this runtime no longer knows ${zone}`).not.toBeNull();
    const warning = `"${zone}" is an abbreviation, which runtimes read differently: this server reads it as ${read} and uses that; write the IANA name of a city in your zone, such as "${meant}" (daylight saving included)${more}`;
    expect(zoneWarning(zone)).toBe(warning);
    expect(zoneProblem(zone)).toBeNull();
    const result = load(zone);
    expect(result.ok && result.config.timeZone).toBe(zone);
    expect(result.ok && result.warnings).toEqual([`timeZone: ${warning}`]);
  });

  it('Etc/GMT+5 is UTC-05:00: a warning says so and how to write UTC+05:00', () => {
    expect(zoneWarning('Etc/GMT+5')).toBe(
      '"Etc/GMT+5" is UTC-05:00 (these names turn the sign around) and is used so; if you meant UTC+05:00, write "+05:00"',
    );
    expect(createCalendar('Etc/GMT+5').dayOf(Date.UTC(2026, 6, 1, 3))).toBe('2026-06-30');
  });

  it.each(['UTC', '-05:00', 'America/New_York', 'US/Eastern', 'Etc/UTC', 'Asia/Tokyo', 'europe/paris'])(
    '%s: no warning, no problem',
    (zone) => {
      expect(zoneProblem(zone)).toBeNull();
      expect(zoneWarning(zone)).toBeNull();
      expect(load(zone)).not.toHaveProperty('warnings');
    },
  );

  it('EST in July is an hour off New York: the reason for the warning', () => {
    const july = Date.UTC(2026, 6, 1, 4, 30);
    expect(createCalendar('America/New_York').dayOf(july)).toBe('2026-07-01');
    expect(createCalendar('EST').dayOf(july)).toBe('2026-06-30');
  });
});

describe('timeZone the runtime refuses: the problem names what to write', () => {
  it.each([
    [
      'CEST',
      '"CEST" is an abbreviation this server does not know; use the IANA name of a city in your zone, such as "Europe/Paris" (daylight saving included)',
    ],
    [
      'AEST',
      '"AEST" is an abbreviation this server does not know; use the IANA name of a city in your zone, such as "Australia/Sydney" (daylight saving included)',
    ],
    ['UTC+2', '"UTC+2" is not a zone name; write the offset as "+02:00"'],
    ['GMT-05:30', '"GMT-05:30" is not a zone name; write the offset as "-05:30"'],
  ])('%s', (zone, problem) => {
    expect(readAs(zone), `this runtime now knows ${zone}`).toBeNull();
    expect(zoneProblem(zone)).toBe(problem);
    expect(load(zone)).toEqual({ ok: false, problems: [`timeZone: ${problem}`] });
  });
});
