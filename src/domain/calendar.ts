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

/**
 * Abbreviations owners write for a zone, and the IANA name to use instead. Runtimes read them differently (ICU takes
 * `EST` as America/Panama, −05:00 all year, and `BST` as Asia/Dhaka): they get a warning naming the zone meant.
 */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  ...names('America/New_York', 'EST', 'EDT', 'EST5EDT'),
  ...names('America/Chicago', 'CST', 'CDT', 'CST6CDT'),
  ...names('America/Denver', 'MST', 'MDT', 'MST7MDT'),
  ...names('America/Los_Angeles', 'PST', 'PDT', 'PST8PDT'),
  ...names('America/Anchorage', 'AKST', 'AKDT'),
  ...names('Pacific/Honolulu', 'HST'),
  ...names('America/Sao_Paulo', 'BRT'),
  ...names('Europe/London', 'GMT', 'BST'),
  ...names('Europe/Lisbon', 'WET', 'WEST'),
  ...names('Europe/Paris', 'CET', 'CEST', 'MET', 'MEST'),
  ...names('Europe/Athens', 'EET', 'EEST'),
  ...names('Europe/Moscow', 'MSK'),
  ...names('Asia/Kolkata', 'IST'),
  ...names('Asia/Tokyo', 'JST'),
  ...names('Asia/Seoul', 'KST'),
  ...names('Australia/Sydney', 'AEST', 'AEDT'),
  ...names('Australia/Perth', 'AWST'),
  ...names('Pacific/Auckland', 'NZST', 'NZDT'),
};

function names(zone: string, ...abbreviations: string[]): Record<string, string> {
  return Object.fromEntries(abbreviations.map((abbreviation) => [abbreviation, zone]));
}

/** `UTC+2`, `GMT-05:30`: an offset written as a name. */
const NAMED_OFFSET = /^(?:UTC|GMT)\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i;
/** `Etc/GMT+5`: POSIX-style names whose sign is the opposite of the offset (Etc/GMT+5 is UTC−05:00). */
const ETC_OFFSET = /^Etc\/GMT([+-])(\d{1,2})$/i;

/** Says what is wrong with `zone`, or null when the runtime can use it. */
export function zoneProblem(zone: string): string | null {
  if (zone === 'UTC' || OFFSET.test(zone)) {
    const match = OFFSET.exec(zone);
    if (match && (Number(match[2]) * 60 + Number(match[3]) > 14 * 60 || Number(match[3]) > 59))
      return `${zone} is not an offset (±HH:MM, at most 14 h)`;
    return null;
  }
  if (resolvedZone(zone)) return null;
  const named = NAMED_OFFSET.exec(zone);
  if (named)
    return `${JSON.stringify(zone)} is not a zone name; write the offset as "${named[1]}${pad(Number(named[2]))}:${named[3] ?? '00'}"`;
  const meant = abbreviationOf(zone);
  if (meant)
    return `${JSON.stringify(zone)} is an abbreviation this server does not know; use the IANA name of a city in your zone, such as "${meant}" (daylight saving included)`;
  return `${JSON.stringify(zone)} is not a time zone this server knows; use an IANA name such as "Europe/Paris", "UTC", or a fixed offset such as "+02:00"`;
}

/**
 * A warning for a zone the runtime accepts but that is rarely what an owner means: an abbreviation (`EST`, `BST`)
 * or a POSIX-style `Etc/GMT+5`; null otherwise. Such a zone is still used as the runtime reads it: refusing it would
 * stop a server that ran with it, and a minor version never requires a config.json change.
 */
export function zoneWarning(zone: string): string | null {
  const etc = ETC_OFFSET.exec(zone);
  if (etc && resolvedZone(zone)) {
    const offset = `${etc[1] === '+' ? '-' : '+'}${pad(Number(etc[2]))}:00`;
    const opposite = `${etc[1]}${pad(Number(etc[2]))}:00`;
    return `${JSON.stringify(zone)} is UTC${offset} (these names turn the sign around) and is used so; if you meant UTC${opposite}, write "${opposite}"`;
  }
  const meant = abbreviationOf(zone);
  const read = meant ? resolvedZone(zone) : null;
  if (!meant || !read) return null;
  const utc = zone.toUpperCase() === 'GMT' ? ', or "UTC"' : '';
  return `${JSON.stringify(zone)} is an abbreviation, which runtimes read differently: this server reads it as ${read} and uses that; write the IANA name of a city in your zone, such as "${meant}" (daylight saving included)${utc}`;
}

/** The IANA name an abbreviation such as `EST` stands for, or undefined. */
function abbreviationOf(zone: string): string | undefined {
  return zone.includes('/') ? undefined : ABBREVIATIONS[zone.toUpperCase()];
}

/** The zone Intl reads `zone` as, or null when it does not know it. */
function resolvedZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
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
