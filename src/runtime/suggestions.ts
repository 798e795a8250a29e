/**
 * `chat:addSuggestion` for the players' commands (`/vote`, `/votetop`, `/voteshop`, `/votepoints`, `/votereminders`): sent to each
 * player who joins and, at start, to everyone online, so the chat box shows what each command takes.
 */
import type { Translate } from '../i18n/messages';
import type { Runtime } from './runtime';

/** The chat resource's client event that adds a command to the suggestions. */
export const SUGGESTION_EVENT = 'chat:addSuggestion';

/** One suggestion: `/name`, its help and its parameters, as the chat resource takes them. */
export interface CommandSuggestion {
  name: string;
  help: string;
  params: { name: string; help: string }[];
}

/** Which player commands are on, by their configured names. */
export interface SuggestedCommands {
  vote: string;
  /** The top voters' command, when top voters are on. */
  top: string | null;
  /** The shop's command, when the shop is on. */
  shop: string | null;
  /** The balance command, when points or the shop are on. */
  points: string | null;
  /** The vote link command (`/<command>link`), when polling is on. */
  link?: string | null;
  /** The reminders' on/off command, when reminders are on. */
  reminders?: string | null;
  /** The player panel's command, when the panel is on. */
  panel?: string | null;
}

/** The suggestions of the commands that are on, in the server's language. */
export function commandSuggestions(commands: SuggestedCommands, translate: Translate): CommandSuggestion[] {
  const list: CommandSuggestion[] = [
    { name: `/${commands.vote}`, help: translate('suggest_vote'), params: [] },
  ];
  if (commands.link) list.push({ name: `/${commands.link}`, help: translate('suggest_link'), params: [] });
  if (commands.top) list.push({ name: `/${commands.top}`, help: translate('suggest_top'), params: [] });
  if (commands.shop)
    list.push({
      name: `/${commands.shop}`,
      help: translate('suggest_shop'),
      params: [
        { name: 'buy', help: translate('suggest_shop_action') },
        { name: 'id', help: translate('suggest_shop_id') },
        { name: 'confirm', help: translate('suggest_shop_confirm') },
      ],
    });
  if (commands.points)
    list.push({ name: `/${commands.points}`, help: translate('suggest_points'), params: [] });
  if (commands.reminders)
    list.push({
      name: `/${commands.reminders}`,
      help: translate('suggest_reminders'),
      params: [{ name: 'off|on', help: translate('suggest_reminders_state') }],
    });
  if (commands.panel) list.push({ name: `/${commands.panel}`, help: translate('suggest_panel'), params: [] });
  return list;
}

/** How long after a join the suggestions are sent again: the player's chat may not run yet when they join. */
export const SUGGESTION_RESEND_MS = 20_000;

/**
 * Sends the suggestions to everyone online now, and to each joining player at once and again
 * {@link SUGGESTION_RESEND_MS} later (the chat takes a repeated suggestion as the same one); returns the function that
 * stops it.
 */
export function sendSuggestions(
  runtime: Pick<Runtime, 'emitNet' | 'players' | 'onPlayerJoining' | 'setTimeout'>,
  suggestions: readonly CommandSuggestion[],
): () => void {
  const send = (target: number) => {
    for (const suggestion of suggestions)
      runtime.emitNet(SUGGESTION_EVENT, target, suggestion.name, suggestion.help, suggestion.params);
  };
  for (const source of runtime.players()) send(source);
  const pending = new Set<() => void>();
  const unjoin = runtime.onPlayerJoining((source) => {
    send(source);
    const cancel = runtime.setTimeout(() => {
      pending.delete(cancel);
      if (runtime.players().includes(source)) send(source);
    }, SUGGESTION_RESEND_MS);
    pending.add(cancel);
  });
  return () => {
    unjoin();
    for (const cancel of pending) cancel();
    pending.clear();
  };
}
