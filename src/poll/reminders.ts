/**
 * Vote reminders that respect the player (config `reminders`): each site is reminded of when that site lets the
 * player vote again (its own next-vote answer, else its window), never during the quiet time after a join, never to a
 * player who turned reminders off (`/votereminders off`, kept in the KVP across restarts) or who has a reward waiting,
 * and never more than `maxPerHour` lines a player an hour, party nudges included. A player who has not voted today
 * hears once per party that the vote party is near (`partyNudgeVotes`).
 *
 * Each online player has one wake time in a heap; a tick every {@link REMINDER_TICK_MS} wakes the players due, so a
 * tick costs the players it wakes, not the players online. A woken player's sites are read once (the next-vote
 * reader); a player nothing is due for is read again after {@link RECHECK_MS} at most, which is how a vote cast
 * meanwhile is seen.
 */
import type { ResourceConfig } from '../config/schema';
import type { EventChannel } from '../domain/events';
import { createIndexedHeap } from '../domain/indexed-heap';
import type { MessageVars, Translate } from '../i18n/messages';
import type { Runtime } from '../runtime/runtime';
import { remindersKey } from '../store/keys';
import { readRecord, writeRecord } from '../store/record';
import { reminderRecordSchema } from '../store/schemas';

/** Between two ticks of the reminders (ms). */
export const REMINDER_TICK_MS = 5_000;
/** Longest time a woken player waits before their sites are read again (ms). */
export const RECHECK_MS = 5 * 60_000;
/** The window of the per-player cap (ms). */
export const CAP_WINDOW_MS = 60 * 60_000;
/** Longest wait a stored record may set before a site is reminded of again (ms): a week, the longest vote window. */
export const MAX_WAIT_MS = 7 * 24 * 60 * 60_000;

/** One site as the reminders read it for one player (the next-vote reader's answer, structurally). */
export interface ReminderSite {
  /** The site's id (`seed` for this project's API). */
  id: string;
  /** The site's name for players ('' when it has none). */
  label: string;
  /** The vote page. */
  voteUrl: string;
  /** `voted`: wait until `nextVoteAt`; `can_vote`: may vote now; `unknown`: nothing to tell (no identity). */
  state: 'voted' | 'can_vote' | 'unknown';
  nextVoteAt: number | null;
}

/** The vote party as the nudge reads it: votes left to the next party and that party's threshold. */
export interface PartyDistance {
  left: number;
  goal: number;
}

/** Why a line was sent, for the status and the transcript: each site reminded, or the party nudge. */
export type ReminderReason =
  | { kind: 'sites'; sites: string[] }
  | { kind: 'party'; left: number; goal: number };

/** What the reminders are built from. */
export interface VoteRemindersOptions {
  runtime: Pick<
    Runtime,
    | 'now'
    | 'kvp'
    | 'tell'
    | 'players'
    | 'playerLicense'
    | 'onPlayerJoining'
    | 'onPlayerDropped'
    | 'setInterval'
    | 'log'
  >;
  /** The `reminders` section of config.json. */
  settings: ResourceConfig['reminders'];
  translate: Translate;
  /** Per player, every site's state (the next-vote reader). */
  sites: { read(source: number, now: number): readonly ReminderSite[] };
  /** Site ids never reminded of (the seed when no poller records its claims). */
  skip?: readonly string[];
  /** True when the player has a reward waiting: they are told that instead, so no reminder. */
  waiting?(source: number): boolean;
  /** True when the player's history shows a vote today (the server's time zone). */
  votedToday?(license: string, now: number): boolean;
  /** The vote party's distance, or null when it is off or its count is unknown. */
  party?(): PartyDistance | null;
  /** A player was reminded: the poller looks at them often for a while (as after the vote link). */
  reminded?(source: number): void;
  /** The resource's events: a claimed vote reads the player's sites again soon. */
  events?: Pick<EventChannel, 'on'>;
  /** Told of every line sent (tests, the demo transcript). */
  onSent?(source: number, reason: ReminderReason, at: number): void;
}

/** The reminders of the online players. */
export interface VoteReminders {
  start(): void;
  stop(): void;
  /** Wakes the players due at `now` (the timer calls it; tests may too). */
  tick(now?: number): void;
  /** `/votereminders [off|on]` typed by `source`. */
  command(source: number, args: readonly string[]): void;
  /** Whether the player behind `license` turned reminders off. */
  isOff(license: string): boolean;
  /** Figures for `votereward status`: players online, lines sent, reminders held by the cap, party nudges, opted out. */
  status(): { players: number; sent: number; capped: number; nudges: number; off: number };
}

/** One online player. */
interface Player {
  source: number;
  license: string | null;
  /** No line before this (the quiet time after joining). */
  quietUntil: number;
  /** Times of the lines sent within the last hour, oldest first. */
  sent: number[];
  /** Per site: the earliest time it may be reminded of (absent: now). */
  remindAt: Map<string, number>;
  /** The party threshold this player was nudged for. */
  nudgedFor: number | null;
  off: boolean;
  /** The stored record could not be read: it is left as is, and read as "off". */
  unreadable: boolean;
}

/** What a player's record holds, as the reminders use it. */
type Stored = Pick<Player, 'off' | 'unreadable' | 'sent' | 'remindAt' | 'nudgedFor'>;

/** Creates the reminders; nothing runs until `start()`. */
export function createVoteReminders(options: VoteRemindersOptions): VoteReminders {
  const { runtime, settings, translate } = options;
  const quietMs = settings.joinDelaySeconds * 1000;
  const repeatMs = settings.repeatMinutes * 60_000;
  const skip = new Set(options.skip ?? []);
  const players = new Map<number, Player>();
  const heap = createIndexedHeap<number>();
  const figures = { sent: 0, capped: 0, nudges: 0 };
  const reported = new Set<string>();
  const stops: (() => void)[] = [];

  /** The player's stored record: their choice, the hour's lines, the sites reminded (defaults when none). */
  const load = (license: string | null): Stored => {
    const fresh: Stored = { off: false, unreadable: false, sent: [], remindAt: new Map(), nudgedFor: null };
    if (license === null) return fresh;
    const found = readRecord(runtime.kvp, remindersKey(license), reminderRecordSchema);
    if (found.state === 'missing') return fresh;
    if (found.state === 'unreadable' || found.value.license !== license) {
      if (!reported.has(license)) {
        reported.add(license);
        const problem =
          found.state === 'unreadable'
            ? found.problem
            : `${remindersKey(license)} holds the record of ${found.value.license}`;
        runtime.log.warn(`reminders: ${problem}; that player gets no reminders until it is fixed or removed`);
      }
      // An unreadable choice is read as "off": a player who may have asked for quiet is not reminded on a guess.
      return { ...fresh, off: true, unreadable: true };
    }
    const { value } = found;
    // Stored times are evidence of a clock that may have moved since: a line "sent" in the future counts as sent now
    // (the cap then holds one hour, not until that future), and a wait beyond a week counts as over.
    const now = runtime.now();
    const remindAt = new Map<string, number>();
    for (const [site, at] of Object.entries(value.reminded))
      remindAt.set(site, at === null ? Number.POSITIVE_INFINITY : at > now + MAX_WAIT_MS ? now : at);
    const sent = value.sent.map((at) => Math.min(at, now)).sort((x, y) => x - y);
    return { off: value.off, unreadable: false, sent, remindAt, nudgedFor: value.nudgedFor };
  };

  /** Writes the player's record (never over one that could not be read). */
  const save = (player: Player): void => {
    if (player.license === null || player.unreadable) return;
    const reminded: Record<string, number | null> = {};
    for (const [site, at] of player.remindAt) reminded[site] = Number.isFinite(at) ? at : null;
    writeRecord(runtime.kvp, remindersKey(player.license), {
      format: 1,
      license: player.license,
      off: player.off,
      sent: player.sent.slice(-50),
      reminded,
      nudgedFor: player.nudgedFor,
    });
  };

  const wake = (player: Player, at: number) => heap.set(player.source, at);

  const join = (source: number) => {
    if (players.has(source)) return;
    const license = runtime.playerLicense(source);
    // A restart or a reconnect keeps the hour's lines and the sites already reminded of; the quiet time starts again.
    const player: Player = { source, license, quietUntil: runtime.now() + quietMs, ...load(license) };
    players.set(source, player);
    if (!player.off) wake(player, player.quietUntil);
  };

  const leave = (source: number) => {
    players.delete(source);
    heap.delete(source);
  };

  const tell = (
    player: Player,
    key: Parameters<Translate>[0],
    vars: MessageVars,
    reason: ReminderReason,
    now: number,
  ) => {
    runtime.tell(player.source, translate(key, vars));
    player.sent.push(now);
    figures.sent += 1;
    options.onSent?.(player.source, reason, now);
  };

  /** The line for the sites due: one site by its own line (the seed by the classic one), several in one line. */
  const remindSites = (player: Player, due: readonly ReminderSite[], now: number) => {
    const reason: ReminderReason = { kind: 'sites', sites: due.map((site) => site.id) };
    const [first] = due;
    if (!first) return;
    if (due.length === 1) {
      if (first.id === 'seed') tell(player, 'vote_reminder', { url: first.voteUrl }, reason, now);
      else tell(player, 'vote_reminder_site', { site: first.label, url: first.voteUrl }, reason, now);
    } else {
      const sites = due
        .map((site) => (site.label === '' ? site.voteUrl : `${site.label} (${site.voteUrl})`))
        .join(', ');
      tell(player, 'vote_reminder_sites', { sites }, reason, now);
    }
    for (const site of due)
      player.remindAt.set(site.id, repeatMs > 0 ? now + repeatMs : Number.POSITIVE_INFINITY);
    options.reminded?.(player.source);
  };

  /** Nudges a player who has not voted today when the party is near, once per party. */
  const nudge = (player: Player, sites: readonly ReminderSite[], now: number): boolean => {
    if (settings.partyNudgeVotes <= 0 || !options.party || player.license === null) return false;
    const party = options.party();
    if (!party || party.left <= 0 || party.left > settings.partyNudgeVotes || player.nudgedFor === party.goal)
      return false;
    const open = sites.find((site) => site.state === 'can_vote');
    if (!open || options.votedToday?.(player.license, now)) return false;
    player.nudgedFor = party.goal;
    figures.nudges += 1;
    tell(
      player,
      'vote_party_nudge',
      { left: party.left, goal: party.goal, url: open.voteUrl },
      { kind: 'party', left: party.left, goal: party.goal },
      now,
    );
    return true;
  };

  const visit = (player: Player, now: number) => {
    if (player.off) return;
    if (now < player.quietUntil) return wake(player, player.quietUntil);
    if (options.waiting?.(player.source)) return wake(player, now + RECHECK_MS);
    let next = now + RECHECK_MS;
    const due: ReminderSite[] = [];
    let sites: readonly ReminderSite[] = [];
    try {
      sites = options.sites.read(player.source, now).filter((site) => !skip.has(site.id));
    } catch (error) {
      runtime.log.warn(`reminders: reading the sites of player ${player.source} failed: ${String(error)}`);
      return wake(player, next);
    }
    let changed = false;
    for (const site of sites) {
      if (site.state === 'unknown') continue;
      if (site.state === 'voted' && site.nextVoteAt !== null) {
        // A new vote: this site is reminded of again once it lets the player vote.
        if (player.remindAt.get(site.id) !== site.nextVoteAt) {
          player.remindAt.set(site.id, site.nextVoteAt);
          changed = true;
        }
        next = Math.min(next, site.nextVoteAt);
        continue;
      }
      const at = player.remindAt.get(site.id) ?? now;
      if (at <= now) due.push(site);
      else next = Math.min(next, at);
    }
    while (player.sent.length > 0 && (player.sent[0] as number) <= now - CAP_WINDOW_MS) player.sent.shift();
    if (player.sent.length >= settings.maxPerHour) {
      // Capped: what is due stays due and goes out once the oldest line of the hour is an hour old.
      if (due.length > 0) {
        figures.capped += 1;
        next = Math.min(next, (player.sent[0] as number) + CAP_WINDOW_MS);
      }
      if (changed) save(player);
      return wake(player, next);
    }
    if (due.length > 0) remindSites(player, due, now);
    else if (!nudge(player, sites, now) && !changed) return wake(player, Math.max(next, now + 1));
    save(player);
    if (repeatMs > 0 && due.length > 0) next = Math.min(next, now + repeatMs);
    wake(player, Math.max(next, now + 1));
  };

  const tick = (at?: number) => {
    const now = at ?? runtime.now();
    for (let top = heap.peek(); top && top.key <= now; top = heap.peek()) {
      heap.pop();
      const player = players.get(top.id);
      if (player) visit(player, now);
    }
  };

  return {
    start() {
      if (stops.length > 0) return;
      stops.push(runtime.onPlayerJoining(join), runtime.onPlayerDropped(leave));
      if (options.events)
        stops.push(
          options.events.on('rewarded', ({ source }) => {
            const player = players.get(source);
            if (player && !player.off) wake(player, Math.max(runtime.now(), player.quietUntil));
          }),
        );
      for (const source of runtime.players()) join(source);
      stops.push(runtime.setInterval(() => tick(), REMINDER_TICK_MS));
    },
    stop() {
      for (const stop of stops.splice(0)) stop();
      players.clear();
      while (heap.pop());
    },
    tick,
    command(source, args) {
      const remind = settings.command;
      const license = runtime.playerLicense(source);
      const word = (args[0] ?? '').toLowerCase();
      const player: Player = players.get(source) ?? {
        source,
        license,
        quietUntil: runtime.now() + quietMs,
        ...load(license),
      };
      if (license !== null && (word === 'off' || word === 'on') && player.off !== (word === 'off')) {
        player.off = word === 'off';
        if (player.unreadable) {
          // The player's own choice settles what could not be read: their record starts again from it.
          player.unreadable = false;
          reported.delete(license);
        }
        save(player);
        if (players.get(source) === player) {
          if (player.off) heap.delete(source);
          else wake(player, Math.max(runtime.now(), player.quietUntil));
        }
      }
      runtime.tell(source, translate(player.off ? 'reminders_off' : 'reminders_on', { remind }));
    },
    isOff: (license) => load(license).off,
    status: () => ({
      players: players.size,
      ...figures,
      off: [...players.values()].filter((player) => player.off).length,
    }),
  };
}

/** The reminders' `votereward status` line: what was sent since the start and why some waited. */
export function remindersStatus(
  reminders: Pick<VoteReminders, 'status'>,
  settings: Pick<ResourceConfig['reminders'], 'maxPerHour' | 'joinDelaySeconds'>,
): string[] {
  const { players, sent, capped, nudges, off } = reminders.status();
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  return [
    `  Reminders  ${sent} sent (${plural(nudges, 'party nudge')}), held ${plural(capped, 'time')} by the cap of ${settings.maxPerHour} an hour; ${plural(players, 'player')} online, ${off} with reminders off; quiet ${settings.joinDelaySeconds} s after joining`,
  ];
}
