/**
 * The Discord posts of the reward programs: which events are announced, in the server's language, with every
 * player name passed through the display-name function for Discord (cleaned first, escaped after) and put into
 * the translated line last, so nothing cleans or cuts the escaped name afterwards.
 */
import type { ResourceEvents } from '../../domain/events';
import type { Translate } from '../../i18n/messages';
import { displayName } from '../../runtime/display-name';
import type { DiscordQueue } from './queue';

/** Which Discord messages are on. */
export interface DiscordSwitches {
  /** Every claimed vote (`discord_vote`). */
  vote: boolean;
  /** Milestone awards (`discord_milestone`). */
  milestone: boolean;
  /** Streak awards (`discord_streak`). */
  streak: boolean;
  /** Vote parties (`discord_party`). */
  party: boolean;
  /** The month's top voters (`discord_winners`). */
  winners: boolean;
  /** Vote shop purchases once delivered (`discord_purchase`), with the item's name as `itemName` gives it. */
  purchase?: { itemName(id: string): string } | null;
}

/** The slice of the event channel the listener needs. */
export interface DiscordEventSource {
  /** Adds a listener; returns a function that removes it. */
  on<K extends keyof ResourceEvents>(name: K, listener: (payload: ResourceEvents[K]) => void): () => void;
}

/**
 * Translates `key` with `{name}` (and `{list}`) left out of the translator, then fills them in: the translator
 * cleans and cuts its placeholders, which would undo the escaping or cut a `<link>` in two.
 */
function line(
  translate: Translate,
  key: Parameters<Translate>[0],
  vars: Record<string, string | number>,
  fill: { name?: string; list?: string },
): string {
  let text = translate(key, vars);
  if (fill.name !== undefined) text = text.replaceAll('{name}', () => fill.name as string);
  if (fill.list !== undefined) text = text.replaceAll('{list}', () => fill.list as string);
  return text;
}

/**
 * Posts the switched-on program events to the queue, in the server's language: `voteRecorded` (`discord_vote`, with
 * the player's votes in the vote's month from `monthOf(at)`), milestone and streak awards (`discord_milestone`,
 * `discord_streak`), `partyReached` (`discord_party`), `monthDecided` (`discord_winners`, `1. Name (12), ...`) and
 * `purchased` (`discord_purchase`, once per purchase).
 * Returns a function that unsubscribes.
 */
export function listenForDiscord(
  events: DiscordEventSource,
  queue: Pick<DiscordQueue, 'post'>,
  translate: Translate,
  switches: DiscordSwitches,
  monthOf: (ms: number) => string,
): () => void {
  const name = (value: string) => displayName(value, 'discord');
  const offs: Array<() => void> = [];
  if (switches.vote) {
    offs.push(
      events.on('voteRecorded', (e) =>
        queue.post({
          id: `vote:${e.ref}`,
          text: line(
            translate,
            'discord_vote',
            { votes: e.history.months[monthOf(e.at)] ?? 0 },
            { name: name(e.name) },
          ),
        }),
      ),
    );
  }
  if (switches.milestone || switches.streak) {
    offs.push(
      events.on('awardDecided', (e) => {
        if (e.info.program === 'milestone' && switches.milestone) {
          // One line per player and total, however many milestone rules that total met (`at: 10` and `every: 5`).
          queue.post({
            id: `milestone:${e.license}:${e.info.value}`,
            text: line(translate, 'discord_milestone', { votes: e.info.value }, { name: name(e.name) }),
          });
        } else if (e.info.program === 'streak' && switches.streak) {
          queue.post({
            id: e.id,
            text: line(translate, 'discord_streak', { days: e.info.value }, { name: name(e.name) }),
          });
        }
      }),
    );
  }
  if (switches.party) {
    offs.push(
      events.on('partyReached', (e) =>
        queue.post({
          id: `party:${e.month}:${e.threshold}`,
          text: translate('discord_party', { votes: e.threshold, players: e.players }),
        }),
      ),
    );
  }
  if (switches.winners) {
    offs.push(
      events.on('monthDecided', (e) => {
        if (e.winners.length === 0) return;
        const list = [...e.winners]
          .sort((a, b) => a.rank - b.rank)
          .map((w) => `${w.rank}. ${name(w.name)} (${w.votes})`)
          .join(', ');
        queue.post({
          id: `winners:${e.month}`,
          text: line(translate, 'discord_winners', { month: e.month }, { list }),
        });
      }),
    );
  }
  const purchase = switches.purchase;
  if (purchase) {
    offs.push(
      events.on('purchased', (e) =>
        queue.post({
          id: `purchase:${e.purchaseId}`,
          text: line(
            translate,
            'discord_purchase',
            { item: purchase.itemName(e.item) },
            { name: name(e.name) },
          ),
        }),
      ),
    );
  }
  return () => {
    for (const off of offs.splice(0)) off();
  };
}
