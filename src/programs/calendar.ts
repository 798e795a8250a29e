/**
 * Days and months in the owner's time zone: streaks count calendar days and the month's ranking counts calendar
 * months where the server's players live. A zone is `UTC`, a fixed offset (`+02:00`) or an IANA name
 * (`Europe/Paris`, daylight saving included) when the runtime's Intl knows it.
 */

/** Day and month keys of one instant, and the instants where local days start. */
export interface Calendar {
  /** The zone as configured. */
  readonly zone: string;
  /** `YYYY-MM-DD` of `ms` in the zone. */
  dayOf(ms: number): string;
  /** `YYYY-MM` of `ms` in the zone. */
  monthOf(ms: number): string;
  /** The month before `month` (`2026-01` → `2025-12`). */
  previousMonth(month: string): string;
  /** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
  daysBetween(from: string, to: string): number;
  /** `day` plus `days` days. */
  addDays(day: string, days: number): string;
  /** The instant (ms) local day `day` starts. */
  startOfDay(day: string): number;
}

const OFFSET = /^([+-])(\d{2}):(\d{2})$/;
const DAY_MS = 86_400_000;

/** Says what is wrong with `zone`, or null when the runtime can use it. */
export function zoneProblem(zone: string): string | null {
  if (zone === 'UTC' || OFFSET.test(zone)) {
    const match = OFFSET.exec(zone);
    if (match && (Number(match[2]) * 60 + Number(match[3]) > 14 * 60 || Number(match[3]) > 59))
      return `${zone} is not an offset (±HH:MM, at most 14 h)`;
    return null;
  }
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return null;
  } catch {
    return `${JSON.stringify(zone)} is not a time zone this server knows; use an IANA name such as "Europe/Paris", "UTC", or a fixed offset such as "+02:00"`;
  }
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const utcDay = (ms: number) => {
  const date = new Date(ms);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
};
const parseDay = (day: string): number => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date);
};

/** Creates the calendar of `zone` (checked first with {@link zoneProblem}). */
export function createCalendar(zone: string): Calendar {
  const offsetOf = zoneOffset(zone);
  const dayOf = (ms: number) => utcDay(ms + offsetOf(ms));
  return {
    zone,
    dayOf,
    monthOf: (ms) => dayOf(ms).slice(0, 7),
    previousMonth(month) {
      const [year, index] = month.split('-').map(Number) as [number, number];
      return index === 1 ? `${pad(year - 1, 4)}-12` : `${pad(year, 4)}-${pad(index - 1)}`;
    },
    daysBetween: (from, to) => Math.round((parseDay(to) - parseDay(from)) / DAY_MS),
    addDays: (day, days) => utcDay(parseDay(day) + days * DAY_MS),
    startOfDay(day) {
      const midnight = parseDay(day);
      // The offset at the guess, then at the corrected guess: exact except inside a daylight-saving jump.
      let guess = midnight - offsetOf(midnight);
      guess = midnight - offsetOf(guess);
      // A jump forward at midnight (America/Havana, America/Santiago): local midnight never happens and the guess is
      // still in the day before; the day starts where the day before's offset ends.
      if (dayOf(guess) !== day) guess = midnight - offsetOf(guess);
      return guess;
    },
  };
}

/** The zone's offset from UTC at an instant, in ms. */
function zoneOffset(zone: string): (ms: number) => number {
  if (zone === 'UTC') return () => 0;
  const fixed = OFFSET.exec(zone);
  if (fixed) {
    const minutes = Number(fixed[2]) * 60 + Number(fixed[3]);
    const offset = (fixed[1] === '-' ? -1 : 1) * minutes * 60_000;
    return () => offset;
  }
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return (ms) => {
    const parts: Record<string, number> = {};
    for (const part of format.formatToParts(new Date(ms))) parts[part.type] = Number(part.value);
    const local = Date.UTC(
      parts.year ?? 1970,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      parts.hour ?? 0,
      parts.minute ?? 0,
      parts.second ?? 0,
    );
    return local - (ms - (ms % 1000));
  };
}
