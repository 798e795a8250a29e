/**
 * The shop's rows of `votereward`: `points <who> [+N|-N reason]` (show or adjust a balance, once per operation id),
 * `purchase refund|grant <id>` (an admin's decision on a held purchase), and the points and purchases lines of
 * `votereward player`.
 */

import type { ResourceConfig } from '../config/schema';
import { ADMIN_COMMAND, type AdminCommand, argumentOf, formatTime } from '../domain/admin-command';
import type { PointsBook } from '../points/book';
import { adminKey } from '../points/keys';
import type { PurchaseAdminResult, PurchaseView, Shop } from '../points/types';
import { cleanText, NAME_MAX } from '../runtime/clean-text';

/** Largest adjustment one admin command makes (a typo of three zeros more is refused, not applied). */
export const ADJUST_MAX = 1_000_000;
/** Longest reason kept with an adjustment. */
const REASON_MAX = 100;
/** Ledger entries `votereward points` shows. */
const ENTRIES_SHOWN = 10;
/** Purchases `votereward player` shows. */
const PURCHASES_SHOWN = 10;
const AMOUNT = /^[+-]\d{1,10}$/;

/** A player an admin named, as the console finds them. */
export interface NamedPlayer {
  license: string;
  name: string;
}

/** Who an admin's words name: one player, nobody, or several (listed, so the admin can name one by license). */
export type PlayerLookup =
  | { ok: true; player: NamedPlayer }
  | { ok: false; code: 'not_found' }
  | { ok: false; code: 'ambiguous'; candidates: NamedPlayer[] };

/** The line that refuses an ambiguous or unknown player for `command`. */
export function lookupProblem(command: string, ref: string, lookup: PlayerLookup): string[] {
  const shown = cleanText(ref, NAME_MAX);
  if (lookup.ok) return [];
  if (lookup.code === 'not_found')
    return [
      `${ADMIN_COMMAND} ${command}: no player "${shown}" online, in the vote history, the points or the purchases`,
    ];
  return [
    `${ADMIN_COMMAND} ${command}: "${shown}" names ${lookup.candidates.length} players; name one by license (or online server id):`,
    ...lookup.candidates.map(
      (player) => `  ${cleanText(player.license)}  ${cleanText(player.name, NAME_MAX)}`,
    ),
  ];
}

/** What the shop's console rows read and change. */
export interface ShopConsoleTarget {
  shop: Pick<Shop, 'purchases' | 'refund' | 'grant'> | null;
  points: Pick<PointsBook, 'read' | 'apply' | 'fresh'> | null;
  /** The player a license, an online server id or a name (online, in the history, the purchases) names. */
  find(ref: string, options?: { anyLicense?: boolean }): PlayerLookup;
  /** Tells the player of `license`, when online, what an admin did to their points or purchase. */
  note?(license: string, note: AdminNote): void;
}

/** What an admin did that the player hears about. */
export type AdminNote =
  | { kind: 'points'; delta: number; balance: number }
  | { kind: 'refund'; item: string; cost: number };

/** `votereward points` arguments: who, and the adjustment when one is given. */
export type PointsArgs =
  | { ok: true; who: string; change: { delta: number; reason: string } | null }
  | { ok: false; problem: string };

/** Reads `<who> [+N|-N reason]`: the first `+N`/`-N` word after the name starts the adjustment. */
export function parsePointsArgs(args: readonly string[]): PointsArgs {
  const at = args.findIndex((word, index) => index > 0 && AMOUNT.test(word));
  if (at === -1) return { ok: true, who: argumentOf(args), change: null };
  const who = argumentOf(args.slice(0, at));
  const delta = Number(args[at]);
  const reason = cleanText(argumentOf(args.slice(at + 1)), REASON_MAX);
  if (delta === 0 || Math.abs(delta) > ADJUST_MAX)
    return { ok: false, problem: `the change must be from 1 to ${ADJUST_MAX} points, with + or -` };
  if (reason === '') return { ok: false, problem: 'say why after the amount (`+25 event prize`)' };
  return { ok: true, who, change: { delta, reason } };
}

/** The shop's `votereward` rows; `newOpId` names each adjustment (its ledger key is `admin:<op>`). */
export function shopConsoleCommands(
  current: () => ShopConsoleTarget | null,
  newOpId: () => string,
): AdminCommand[] {
  const decide =
    (verb: 'refund' | 'grant') =>
    async (args: readonly string[]): Promise<string[]> => {
      const target = current();
      if (!target?.shop) return ['vote-reward: the shop is off (shop.enabled in config.json)'];
      const id = argumentOf(args);
      const result = await target.shop[verb](id);
      if (result.ok && result.code === 'refunded')
        target.note?.(result.purchase.license, {
          kind: 'refund',
          item: result.purchase.item,
          cost: result.purchase.cost,
        });
      return decisionLines(verb, id, result);
    };
  return [
    {
      name: 'points',
      args: '<who> [+N|-N reason]',
      help: 'vote points of a player (license, online server id or exact name): balance and last entries, or add/remove points with a reason',
      check: (args) => {
        const parsed = parsePointsArgs(args);
        return parsed.ok ? null : parsed.problem;
      },
      run: async (args) => {
        const target = current();
        if (!target?.points) return ['vote-reward: vote points are off'];
        const parsed = parsePointsArgs(args);
        if (!parsed.ok) return [`${ADMIN_COMMAND} points: ${parsed.problem}`];
        const lookup = target.find(parsed.who, { anyLicense: true });
        if (!lookup.ok) return lookupProblem('points', parsed.who, lookup);
        const { player } = lookup;
        if (!parsed.change) return pointsLines(target.points, player);
        const op = newOpId();
        const who = `${cleanText(player.name, NAME_MAX)} (${cleanText(player.license)})`;
        let result: Awaited<ReturnType<PointsBook['apply']>>;
        try {
          result = await target.points.apply(player.license, {
            key: adminKey(op),
            delta: parsed.change.delta,
            reason: `admin: ${parsed.change.reason}`,
          });
        } catch (error) {
          // A network's database failed: the operation may have gone in; its key (admin:<op>) is shown to check.
          return [
            `${ADMIN_COMMAND} points: the shared store (vote_reward_store, vote_reward_server_id) failed for ${who}: ${cleanText(String((error as Error)?.message ?? error))}; operation admin:${op} may or may not be applied: check with ${ADMIN_COMMAND} points ${cleanText(player.license)}`,
          ];
        }
        if (!result.ok)
          return [
            `${ADMIN_COMMAND} points: nothing changed for ${who}: ${result.code}${result.balance === undefined ? '' : ` (balance ${result.balance})`}`,
          ];
        if (result.applied)
          target.note?.(player.license, { kind: 'points', delta: result.credited, balance: result.balance });
        const credited =
          result.credited === parsed.change.delta
            ? ''
            : ` (${result.credited} applied, the cap took the rest)`;
        return [
          `vote-reward points ${who}: ${parsed.change.delta > 0 ? '+' : ''}${parsed.change.delta}${credited}, balance ${result.balance}; operation admin:${op}`,
        ];
      },
    },
    {
      name: 'purchase',
      help: 'decide a held purchase: refund its points, or grant it as given',
      run: () => [`usage: ${ADMIN_COMMAND} purchase refund|grant <purchase_id>`],
      subcommands: [
        {
          name: 'refund',
          args: '<purchase_id>',
          help: 'give the points of a held or undeliverable purchase back (once)',
          run: decide('refund'),
        },
        {
          name: 'grant',
          args: '<purchase_id>',
          help: 'declare a held purchase given (nothing is paid again; the points stay spent)',
          run: decide('grant'),
        },
      ],
    },
  ];
}

/** Lines of `votereward points <who>`: the balance and the newest entries. */
async function pointsLines(
  points: Pick<PointsBook, 'read' | 'fresh'>,
  player: NamedPlayer,
): Promise<string[]> {
  const who = `${cleanText(player.name, NAME_MAX)} (${cleanText(player.license)})`;
  let read: ReturnType<PointsBook['read']>;
  try {
    read = points.fresh ? await points.fresh(player.license) : points.read(player.license);
  } catch (error) {
    return [
      `vote-reward points ${who}: the shared store (vote_reward_store, vote_reward_server_id) does not answer: ${cleanText(String((error as Error)?.message ?? error))}`,
    ];
  }
  if (!read.ok)
    return [`vote-reward points ${who}: the ledger is unreadable, left as is: ${cleanText(read.detail)}`];
  const lines = [`vote-reward points ${who}: balance ${read.balance}`];
  const shown = read.entries.slice(-ENTRIES_SHOWN);
  if (shown.length === 0) lines.push('  no entries');
  for (const entry of shown)
    lines.push(
      `  ${formatTime(entry.at)}  ${`${entry.delta > 0 ? '+' : ''}${entry.delta}`.padStart(8)}${entry.asked === undefined ? '' : ` (asked ${entry.asked})`}  ${cleanText(entry.reason, 40).padEnd(24)}  ${cleanText(entry.key)}`,
    );
  return lines;
}

/** Lines of an admin decision. */
function decisionLines(verb: 'refund' | 'grant', id: string, result: PurchaseAdminResult): string[] {
  const shown = cleanText(id, 64);
  if (result.ok) {
    const p = result.purchase;
    return [
      result.code === 'refunded'
        ? `vote-reward: purchase ${shown} refunded: ${p.cost} point(s) back to ${cleanText(p.name, NAME_MAX)}`
        : `vote-reward: purchase ${shown} granted: ${cleanText(p.item)} counts as given to ${cleanText(p.name, NAME_MAX)}, nothing is paid again; the points stay spent`,
    ];
  }
  const why: Record<typeof result.code, string> = {
    not_found: 'no such purchase (see `votereward player <who>` for the ids)',
    not_held: `it is not waiting for an admin, nothing to ${verb}`,
    busy: 'it is being worked on right now; try again in a moment',
    ledger_unreadable: "the player's points ledger is unreadable; nothing changed",
  };
  return [`${ADMIN_COMMAND} purchase ${verb} ${shown}: ${why[result.code]}`];
}

/** The player `votereward player` names when the vote history does not know them: from the points or purchases. */
export function shopPlayerOf(target: ShopConsoleTarget | null, ref: string): NamedPlayer | string[] | null {
  if (!target) return null;
  const lookup = target.find(ref);
  if (lookup.ok) return lookup.player;
  return lookup.code === 'ambiguous' ? lookupProblem('player', ref, lookup) : null;
}

/** The shop's lines of `votereward player`: the balance, then the newest purchases with their state. */
export function shopPlayerLines(target: ShopConsoleTarget | null, license: string): string[] {
  if (!target) return [];
  const lines: string[] = [];
  const read = target.points?.read(license);
  // A server without points or a shop keeps `votereward player` as it was: no line for an empty, unused ledger.
  const unused = !target.shop && read?.ok === true && read.balance === 0 && read.entries.length === 0;
  // In a network the line shows the balance as this server last read it (the read starts it when it has none yet).
  const unknown = target.points?.fresh ? 'being read from the network, ask again' : 'ledger unreadable';
  if (read && !unused) lines.push(`  Points     ${read.ok ? read.balance : unknown}`);
  const purchases: PurchaseView[] = target.shop?.purchases(license) ?? [];
  if (!target.shop) return lines;
  const open = purchases.filter((p) => !['done', 'refunded', 'cancelled'].includes(p.state)).length;
  lines.push(`  Purchases  ${purchases.length === 0 ? 'none' : `${purchases.length} kept, ${open} open`}`);
  for (const p of purchases.slice(-PURCHASES_SHOWN))
    lines.push(
      `    ${cleanText(p.id).padEnd(28)}  ${cleanText(p.item).padEnd(16)}  ${String(p.cost).padStart(6)} pts  ${(p.held ? 'held' : p.state).padEnd(10)}  ${formatTime(p.at)}${p.held ? `  (votereward purchase grant|refund ${cleanText(p.id)})` : ''}`,
    );
  return lines;
}

/** The shop's and the points' lines of `votereward status` (only those on, unless verbose). */
export function shopStatus(config: Pick<ResourceConfig, 'shop' | 'points'>, verbose: boolean): string[] {
  const { shop, points } = config;
  const lines: string[] = [];
  if (points.perVote > 0)
    lines.push(
      `  Points     ${points.perVote} per vote${points.cap === undefined ? '' : `, at most ${points.cap} a player`}`,
    );
  else if (verbose) lines.push('  Points     none per vote (points rewards and exports still credit)');
  if (shop.enabled)
    lines.push(
      `  Shop       ${shop.items.length} item(s) at /${shop.command}; menu ${shop.menu ? 'on' : 'off'}, Discord line ${shop.discord ? 'on' : 'off'}`,
    );
  else if (verbose) lines.push('  Shop       off');
  return lines;
}
