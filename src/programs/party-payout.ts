/**
 * The vote party's payouts: who shares a threshold (online, loaded, with the month's votes `minMonthlyVotes` asks),
 * what players are told, and paying the online winners now (the others are paid on their next join).
 */
import { claimNameOf } from '../engine/player-name';
import type { MessageKey } from '../i18n/messages';
import { describeError } from '../runtime/errors';
import type { PartyBook } from './party-book';
import type { PartyJudgeOptions } from './party-judge';
import type { PartyDecision } from './records';

/** Deciding thresholds and paying their players. */
export interface PartyPayout {
  /** Decides thresholds `from`..`to` of `month` at a count of `votes`, each once; answers the licenses to pay. */
  decideRange(
    month: string,
    from: number,
    to: number,
    votes: number,
    sharing: Set<number> | null,
  ): Set<string>;
  /** Logs, announces and (when `announce`) tells a decision; adds its players to `winners`. */
  told(decision: PartyDecision, announce: boolean, winners: Set<string>): void;
  /** Pays the online players among `winners` now. */
  payOnline(winners: Set<string>): void;
}

/** Creates the payout side of the party over its book. */
export function createPartyPayout(options: PartyJudgeOptions & { book: PartyBook }): PartyPayout {
  const { rules, runtime, programs, events, translate, book } = options;
  const { every } = rules;

  const onlinePlayers = (sharing: Set<number> | null) =>
    runtime.players().flatMap((source) => {
      if (sharing && !sharing.has(source)) return [];
      const license = runtime.playerLicense(source);
      const name = claimNameOf(runtime.playerName(source));
      return license && name ? [{ source, license, name }] : [];
    });

  const eligible = <P extends { license: string }>(players: P[]): P[] => {
    if (rules.minMonthlyVotes <= 0) return players;
    const month = programs.calendar.monthOf(runtime.now());
    return players.filter(
      (player) => (programs.history.get(player.license).months[month] ?? 0) >= rules.minMonthlyVotes,
    );
  };

  const say = (source: number, key: MessageKey, vars: Record<string, string | number>) =>
    runtime.tell(source, translate(key, { command: options.command, ...vars }));

  const told = (decision: PartyDecision, announce: boolean, winners: Set<string>) => {
    const { month, threshold } = decision;
    runtime.log.info(
      `vote party: ${month} reached ${threshold} votes (count ${decision.votes}); ${decision.players.length} player(s) share it`,
    );
    const reached = () =>
      events.emit('partyReached', {
        month,
        threshold,
        votes: decision.votes,
        players: decision.players.length,
      });
    // In a network the threshold is announced (Discord) by the server that decides `party:<month>:<threshold>` first;
    // each server still pays and tells its own players.
    const once = programs.network?.once;
    if (once)
      once(
        `party:${month}:${threshold}`,
        reached,
        JSON.stringify({ votes: decision.votes, players: decision.players.length }),
      );
    else reached();
    const shared = new Set(decision.players.map((player) => player.license));
    for (const license of shared) winners.add(license);
    if (!announce) return;
    for (const player of onlinePlayers(null)) {
      say(player.source, 'party_started', { votes: threshold });
      if (rules.minMonthlyVotes > 0 && !shared.has(player.license))
        say(player.source, 'party_not_eligible', { min: rules.minMonthlyVotes });
    }
  };

  const payOnline = (winners: Set<string>) => {
    const online = new Set(onlinePlayers(null).map((player) => player.license));
    for (const license of winners) {
      if (!online.has(license)) continue;
      options
        .settle(license)
        .catch((error: unknown) =>
          runtime.log.error(`vote party: paying ${license} failed: ${describeError(error)}`),
        );
    }
  };

  const decideRange = (
    month: string,
    from: number,
    to: number,
    votes: number,
    sharing: Set<number> | null,
  ) => {
    const winners = new Set<string>();
    for (let threshold = from; threshold <= to; threshold += every) {
      const done = book.decide(month, threshold, () => ({
        format: 1,
        month,
        threshold,
        votes,
        decidedAt: runtime.now(),
        minMonthlyVotes: rules.minMonthlyVotes,
        players: eligible(onlinePlayers(sharing)).map(({ license, name }) => ({ license, name })),
      }));
      if (done) told(done.decision, done.fresh, winners);
    }
    return winners;
  };

  return { decideRange, told, payOnline };
}
