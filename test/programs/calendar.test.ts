import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load';
import { createCalendar, zoneProblem } from '../../src/domain/calendar';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('calendar: day and month keys', () => {
  it.each([
    // zone, instant, day, month
    ['UTC', '2026-11-21T23:59:59.999Z', '2026-11-21', '2026-11'],
    ['UTC', '2026-11-22T00:00:00.000Z', '2026-11-22', '2026-11'],
    ['UTC', '2026-12-31T23:59:59.999Z', '2026-12-31', '2026-12'],
    ['UTC', '2027-01-01T00:00:00.000Z', '2027-01-01', '2027-01'],
    ['UTC', '2028-02-29T12:00:00.000Z', '2028-02-29', '2028-02'],
    ['+02:00', '2026-11-30T21:59:59.999Z', '2026-11-30', '2026-11'],
    ['+02:00', '2026-11-30T22:00:00.000Z', '2026-12-01', '2026-12'],
    ['-05:30', '2027-01-01T05:29:59.000Z', '2026-12-31', '2026-12'],
    ['-05:30', '2027-01-01T05:30:00.000Z', '2027-01-01', '2027-01'],
    ['+14:00', '2026-12-31T10:00:00.000Z', '2027-01-01', '2027-01'],
    ['+05:45', '2026-06-30T18:15:00.000Z', '2026-07-01', '2026-07'],
    // Paris: UTC+1 in winter, UTC+2 in summer (2026: from 29 March 01:00Z to 25 October 01:00Z).
    ['Europe/Paris', '2026-01-31T22:59:59.000Z', '2026-01-31', '2026-01'],
    ['Europe/Paris', '2026-01-31T23:00:00.000Z', '2026-02-01', '2026-02'],
    ['Europe/Paris', '2026-07-31T21:59:59.000Z', '2026-07-31', '2026-07'],
    ['Europe/Paris', '2026-07-31T22:00:00.000Z', '2026-08-01', '2026-08'],
    ['Europe/Paris', '2026-12-31T23:00:00.000Z', '2027-01-01', '2027-01'],
    // New York: UTC-5 in winter, UTC-4 in summer (2026: from 8 March 07:00Z to 1 November 06:00Z).
    ['America/New_York', '2026-11-01T03:59:59.000Z', '2026-10-31', '2026-10'],
    ['America/New_York', '2026-11-01T04:00:00.000Z', '2026-11-01', '2026-11'],
    ['America/New_York', '2027-01-01T04:59:59.000Z', '2026-12-31', '2026-12'],
    ['America/New_York', '2027-01-01T05:00:00.000Z', '2027-01-01', '2027-01'],
  ])('%s: %s is day %s of month %s', (zone, instant, day, month) => {
    const calendar = createCalendar(zone);
    expect(calendar.zone).toBe(zone);
    expect(calendar.dayOf(at(instant))).toBe(day);
    expect(calendar.monthOf(at(instant))).toBe(month);
  });

  it.each([
    // Europe/Paris, spring forward: 02:00 local (01:00Z) becomes 03:00.
    ['Europe/Paris', '2026-03-28T22:59:59.000Z', '2026-03-28'],
    ['Europe/Paris', '2026-03-28T23:00:00.000Z', '2026-03-29'],
    ['Europe/Paris', '2026-03-29T00:59:59.000Z', '2026-03-29'],
    ['Europe/Paris', '2026-03-29T21:59:59.000Z', '2026-03-29'],
    ['Europe/Paris', '2026-03-29T22:00:00.000Z', '2026-03-30'],
    // Europe/Paris, fall back: 03:00 local (01:00Z) becomes 02:00; the day is 25 hours long.
    ['Europe/Paris', '2026-10-24T21:59:59.000Z', '2026-10-24'],
    ['Europe/Paris', '2026-10-24T22:00:00.000Z', '2026-10-25'],
    ['Europe/Paris', '2026-10-25T22:59:59.000Z', '2026-10-25'],
    ['Europe/Paris', '2026-10-25T23:00:00.000Z', '2026-10-26'],
    // America/New_York, spring forward at 07:00Z on 8 March and fall back at 06:00Z on 1 November.
    ['America/New_York', '2026-03-08T04:59:59.000Z', '2026-03-07'],
    ['America/New_York', '2026-03-08T05:00:00.000Z', '2026-03-08'],
    ['America/New_York', '2026-03-09T03:59:59.000Z', '2026-03-08'],
    ['America/New_York', '2026-03-09T04:00:00.000Z', '2026-03-09'],
    ['America/New_York', '2026-11-02T04:59:59.000Z', '2026-11-01'],
    ['America/New_York', '2026-11-02T05:00:00.000Z', '2026-11-02'],
  ])('%s around daylight saving: %s is %s', (zone, instant, day) => {
    expect(createCalendar(zone).dayOf(at(instant))).toBe(day);
  });
});

describe('calendar: startOfDay', () => {
  it.each([
    ['UTC', '2026-11-21', '2026-11-21T00:00:00.000Z'],
    ['UTC', '2027-01-01', '2027-01-01T00:00:00.000Z'],
    ['+02:00', '2026-12-01', '2026-11-30T22:00:00.000Z'],
    ['-05:30', '2027-01-01', '2027-01-01T05:30:00.000Z'],
    ['Europe/Paris', '2026-03-28', '2026-03-27T23:00:00.000Z'],
    ['Europe/Paris', '2026-03-29', '2026-03-28T23:00:00.000Z'],
    ['Europe/Paris', '2026-03-30', '2026-03-29T22:00:00.000Z'],
    ['Europe/Paris', '2026-10-25', '2026-10-24T22:00:00.000Z'],
    ['Europe/Paris', '2026-10-26', '2026-10-25T23:00:00.000Z'],
    ['America/New_York', '2026-03-08', '2026-03-08T05:00:00.000Z'],
    ['America/New_York', '2026-03-09', '2026-03-09T04:00:00.000Z'],
    ['America/New_York', '2026-11-01', '2026-11-01T04:00:00.000Z'],
    ['America/New_York', '2026-11-02', '2026-11-02T05:00:00.000Z'],
    // Daylight saving starts at midnight here: local midnight never happens, the day starts at 01:00.
    ['America/Havana', '2026-03-08', '2026-03-08T05:00:00.000Z'],
    ['Asia/Beirut', '2026-03-29', '2026-03-28T22:00:00.000Z'],
  ])('%s: %s starts at %s', (zone, day, start) => {
    const calendar = createCalendar(zone);
    const ms = calendar.startOfDay(day);
    expect(iso(ms)).toBe(start);
    expect(calendar.dayOf(ms)).toBe(day);
    expect(calendar.dayOf(ms - 1)).toBe(calendar.addDays(day, -1));
  });

  it.each(['UTC', '+09:30', 'Europe/Paris', 'America/New_York', 'America/Havana', 'Australia/Lord_Howe'])(
    '%s: every day of 2026 starts where dayOf changes',
    (zone) => {
      const calendar = createCalendar(zone);
      let day = '2026-01-01';
      for (let i = 0; i < 366; i += 1) {
        const start = calendar.startOfDay(day);
        expect([calendar.dayOf(start - 1), calendar.dayOf(start)]).toEqual([calendar.addDays(day, -1), day]);
        day = calendar.addDays(day, 1);
      }
      expect(day).toBe('2027-01-02');
    },
  );
});

describe('calendar: day arithmetic', () => {
  const calendar = createCalendar('UTC');

  it.each([
    ['2026-11-21', '2026-11-21', 0],
    ['2026-11-21', '2026-11-22', 1],
    ['2026-11-22', '2026-11-21', -1],
    ['2026-01-31', '2026-02-01', 1],
    ['2026-02-28', '2026-03-01', 1],
    ['2028-02-28', '2028-03-01', 2],
    ['2026-12-31', '2027-01-01', 1],
    ['2026-03-28', '2026-03-30', 2],
    ['2026-10-24', '2026-10-26', 2],
    ['2026-01-01', '2027-01-01', 365],
    ['2028-01-01', '2029-01-01', 366],
  ])('daysBetween(%s, %s) = %i', (from, to, days) => {
    expect(calendar.daysBetween(from, to)).toBe(days);
    expect(calendar.addDays(from, days)).toBe(to);
  });

  it('counts the same whole days in a zone with daylight saving, changes included', () => {
    const paris = createCalendar('Europe/Paris');
    expect(paris.daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(paris.daysBetween('2026-10-24', '2026-10-26')).toBe(2);
    expect(paris.addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(paris.addDays('2026-10-25', 1)).toBe('2026-10-26');
  });

  it.each([
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-11-21', 0, '2026-11-21'],
    ['2026-11-21', 45, '2027-01-05'],
  ])('addDays(%s, %i) = %s', (day, days, result) => {
    expect(calendar.addDays(day, days)).toBe(result);
  });

  it.each([
    ['2026-11', '2026-10'],
    ['2026-01', '2025-12'],
    ['2000-01', '1999-12'],
    ['2026-10', '2026-09'],
  ])('the month before %s is %s', (month, before) => {
    expect(calendar.previousMonth(month)).toBe(before);
  });
});

describe('calendar: zoneProblem', () => {
  it.each(['UTC', '+00:00', '+02:00', '-05:30', '+14:00', '-12:00', 'Europe/Paris', 'America/New_York'])(
    'accepts %s',
    (zone) => {
      expect(zoneProblem(zone)).toBeNull();
    },
  );

  it.each([
    ['+15:00', '+15:00 is not an offset (±HH:MM, at most 14 h)'],
    ['+14:30', '+14:30 is not an offset (±HH:MM, at most 14 h)'],
    ['+02:60', '+02:60 is not an offset (±HH:MM, at most 14 h)'],
    [
      'Mars/Olympus',
      '"Mars/Olympus" is not a time zone this server knows; use an IANA name such as "Europe/Paris", "UTC", or a fixed offset such as "+02:00"',
    ],
    [
      'Paris',
      '"Paris" is not a time zone this server knows; use an IANA name such as "Europe/Paris", "UTC", or a fixed offset such as "+02:00"',
    ],
  ])('refuses %s, saying why', (zone, problem) => {
    expect(zoneProblem(zone)).toBe(problem);
  });

  const load = (config: Record<string, unknown>) =>
    loadConfig({
      text: JSON.stringify({
        apiUrl: 'https://votes.example',
        apiKey: 'live_0123456789abcdef0123456789abcdef',
        ...config,
      }),
      convar: () => null,
    });

  it('loadConfig refuses timeZone "Mars/Olympus" with one line naming timeZone', () => {
    expect(load({ timeZone: 'Mars/Olympus' })).toEqual({
      ok: false,
      problems: [
        'timeZone: "Mars/Olympus" is not a time zone this server knows; use an IANA name such as "Europe/Paris", "UTC", or a fixed offset such as "+02:00"',
      ],
    });
  });

  it('loadConfig refuses an offset beyond 14 hours and an empty zone', () => {
    expect(load({ timeZone: '+15:00' })).toEqual({
      ok: false,
      problems: ['timeZone: +15:00 is not an offset (±HH:MM, at most 14 h)'],
    });
    expect(load({ timeZone: '' })).toEqual({
      ok: false,
      problems: ['timeZone: expected at least 1 character, got ""'],
    });
  });

  it.each(['UTC', 'Europe/Paris', '-03:00'])('loadConfig accepts timeZone %s', (zone) => {
    const result = load({ timeZone: zone });
    expect(result.ok && result.config.timeZone).toBe(zone);
  });
});
