/**
 * Player-facing messages: the English texts (the source of every key and its placeholders), and the translator that
 * fills them. The other languages ship as `locales/<locale>.json` at the resource's root, read at start by
 * `./locale-files.ts`, so that a server carries only the one it speaks in memory and owners can edit them.
 */

import { cleanText, NAME_MAX, VALUE_MAX } from '../runtime/clean-text';

/** Languages the resource speaks. */
export const LOCALES = ['en', 'fr', 'de', 'es', 'pt-BR', 'pl', 'nl'] as const;

/** One of {@link LOCALES}. */
export type Locale = (typeof LOCALES)[number];

/** The English messages: every key, and the placeholders every language's text of it must use. */
export const EN = {
  rewarded: 'Thanks for voting! You received {rewards}.',
  no_vote: 'No vote found for "{name}". Vote here: {url} then type /{command} again.',
  no_vote_no_link: 'No vote found for "{name}". Vote for the server, then type /{command} again.',
  reward_waiting: 'Your vote was received: type /{command} to get your reward.',
  vote_link: 'Vote for the server here: {url} then type /{command} to get your reward.',
  vote_reminder: 'You can vote for the server again: {url}',
  vote_reminder_site: 'You can vote on {site} again: {url}',
  vote_reminder_sites: 'You can vote again on {sites}',
  vote_party_nudge: '{left} vote(s) to the next vote party, and you have not voted today: {url}',
  reminders_on: 'Vote reminders are on. Type /{remind} off to stop them.',
  reminders_off: 'Vote reminders are off for you. Type /{remind} on to get them again.',
  suggest_reminders: 'Turn your vote reminders off or on',
  suggest_reminders_state: 'off or on',
  vote_broadcast_one: '1 player voted for the server in the last {minutes} minutes. Vote too: /{command}',
  vote_broadcast: '{count} players voted for the server in the last {minutes} minutes. Vote too: /{command}',
  claim_in_progress: 'Your vote is already being checked, please wait.',
  cooldown: 'Please wait {seconds} s before typing /{command} again.',
  name_locked: 'The name "{name}" is already bound to another player, so its votes cannot be claimed here.',
  no_license: 'Your license could not be read; reconnect and try again.',
  invalid_name: 'Your in-game name is empty once colour codes are removed; set a name and vote with it.',
  pending_inventory_full: 'Your reward is waiting: make room for {count} x {item} and type /{command} again.',
  pending_not_loaded: 'Your reward is waiting: it will be given once your character is loaded.',
  rewards_paused:
    'Vote rewards are paused: the server’s framework is stopped. Your reward is waiting and will be given once it is back.',
  pending_framework_error: 'Your reward is waiting: it could not be given yet, an admin has been told.',
  pending_admin: 'Your previous claim needs an admin check before it can be paid.',
  pending_unconfirmed:
    'Your reward could not be confirmed: the server did not say whether it was given. An admin must check and confirm it; nothing is lost and nothing more is paid until then.',
  claim_uncertain: 'We could not confirm your claim yet; it will be checked again automatically.',
  store_unavailable:
    'Votes cannot be claimed right now (the server network is unreachable); try again in a minute.',
  api_unauthorized:
    'Votes cannot be checked right now (server configuration problem). An admin has been told.',
  api_rate_limited: 'Too many requests to the vote site; try again in {seconds} s.',
  api_busy: 'The vote site is busy; try again in {seconds} s.',
  api_server_error: 'The vote site is having problems; nothing was lost, try again later.',
  api_unavailable: 'The vote site cannot be reached; nothing was lost, try again later.',
  api_misbehaving: 'The vote site is misbehaving; nothing was lost, try again later.',
  not_ready: 'Vote rewards are not available on this server right now.',
  starting: 'Vote rewards are starting; type /{command} again in a few seconds.',
  award_test: 'Test of the vote rewards by an admin (not a vote): you received {rewards}.',
  reward_money: '{amount}$ in cash',
  reward_bank: '{amount}$ in the bank',
  reward_gold: '{amount} gold',
  reward_item: '{count} x {item}',
  reward_custom: 'a special reward',
  reward_points: '{amount} vote points',
  award_shop: 'Your vote shop purchase was delivered: {rewards}.',
  rewarded_nothing: 'Thanks for voting! No luck with the draw this time.',
  award_first: 'Thanks for your first vote for the server! Bonus: {rewards}.',
  award_milestone: 'Vote milestone reached: {votes} in all! Bonus: {rewards}.',
  award_streak: '{days}-day vote streak! Bonus: {rewards}.',
  award_party: 'Vote party! The server reached {votes} votes this month: you received {rewards}.',
  award_top: 'You were voter #{rank} of {month}: you received {rewards}.',
  award_all_sites: 'You voted on every site today! Bonus: {rewards}.',
  site_found: '{site}: vote found.',
  site_no_vote: '{site}: no vote found yet. Vote here: {url}',
  site_already_paid:
    '{site}: your last vote there was already rewarded. Vote again when the site allows: {url}',
  site_unreachable: '{site} cannot be reached right now; nothing was lost, type /{command} again later.',
  site_pending: '{site}: your vote is being checked; it will be settled automatically.',
  site_needs_steam:
    '{site} names voters by their Steam account: start FiveM with Steam running to be rewarded for votes there.',
  site_needs_discord:
    '{site} names voters by their Discord account: open Discord before FiveM to be rewarded for votes there.',
  site_needs_ip:
    '{site} names voters by their IP address, which this server cannot see: votes there cannot be rewarded here.',
  site_needs_name: '{site} needs your in-game name: set a name without only colour codes and vote with it.',
  award_nothing: 'No luck with the bonus draw this time.',
  streak_status: 'Vote streak: {days} day(s), best {best}. Vote again within {hours} h to keep it.',
  party_progress: '{left} more vote(s) to the next vote party ({votes}/{goal} this month).',
  party_started: 'Vote party! The server reached {votes} votes this month: online voters get a reward.',
  party_not_eligible: 'Vote party! Vote {min} time(s) this month to share in the next one.',
  top_title: 'Top voters of {month}:',
  top_line: '#{rank} {name}: {votes} vote(s)',
  top_empty: 'Nobody has voted yet in {month}.',
  top_own: 'You are #{rank} with {votes} vote(s).',
  top_own_none: 'You have not voted this month yet: /{command}',
  discord_vote: '{name} voted for the server ({votes} vote(s) from them this month).',
  discord_milestone: '{name} reached a vote milestone: {votes} in all!',
  discord_streak: '{name} is on a {days}-day vote streak!',
  discord_party: 'Vote party! The server reached {votes} votes this month; {players} player(s) rewarded.',
  discord_winners: 'Top voters of {month}: {list}',
  points_balance: 'You have {balance} vote point(s).',
  points_spend: 'Spend them in the vote shop: /{command}',
  points_cap: 'That is the most you can hold ({cap}): spend some to keep earning.',
  points_admin: 'An admin changed your vote points by {delta}; you now have {balance}.',
  shop_title: 'Vote shop, you have {balance} point(s). Buy with /{command} buy <id>',
  shop_item: '{id}: {item}, {cost} point(s)',
  shop_left_day: '{left} more today',
  shop_left_week: '{left} more this week',
  shop_left_month: '{left} more this month',
  shop_left_total: '{left} more for you',
  shop_stock: '{stock} left in stock',
  shop_sold_out_tag: 'sold out',
  shop_confirm_tag: 'asks for confirmation',
  shop_empty: 'The vote shop has nothing for sale right now.',
  shop_more: 'More items: /{command} {page}',
  shop_off: 'The vote shop is closed on this server.',
  shop_usage: 'List the items: /{command}. Buy one: /{command} buy <id>',
  shop_unknown: 'The vote shop has no item "{id}". Did you mean {ids}? List: /{command}',
  shop_id_hidden: 'That item id holds invisible characters or spaces. Did you mean {ids}? List: /{command}',
  shop_unknown_none: 'The vote shop has no item "{id}". List: /{command}',
  shop_id_invalid: 'An item id is letters, digits, - and _ only, at most {max} characters. List: /{command}',
  shop_confirm: '{item} costs {cost} point(s). To buy it, type /{command} buy {id} confirm',
  shop_bought: 'You bought {item} for {cost} point(s). You have {balance} point(s) left.',
  shop_not_enough: '{item} costs {cost} point(s) and you have {balance}.',
  shop_limit: 'You have bought {item} as often as allowed ({limit}); you can buy it again from {reset}.',
  shop_limit_total: 'You have bought {item} as often as allowed ({limit}).',
  shop_sold_out: '{item} is sold out.',
  shop_no_permission: 'You are not allowed to buy {item}.',
  shop_not_loaded: 'Your character is not loaded yet; buy once it is. No points were taken.',
  shop_cannot_carry: 'You cannot carry {rewards} right now: make room and buy again. No points were taken.',
  shop_refunded: '{item} could not be given, so your {cost} point(s) were given back.',
  shop_held:
    'The server could not confirm whether {item} was given. Your {cost} point(s) are held until an admin checks; nothing is lost.',
  shop_busy: 'Your previous purchase is still going through; wait a moment.',
  shop_failed: 'The vote shop cannot sell {item} right now; no points were taken. Try again later.',
  shop_pending: 'You bought {item}; it will be given to you as soon as the server can.',
  shop_menu_title: 'Vote shop: {balance} point(s)',
  shop_cost: '{cost} point(s)',
  discord_purchase: '{name} bought {item} in the vote shop.',
  points_unavailable:
    'Your vote points cannot be read right now; an admin has been told and nothing is lost.',
  suggest_vote: 'Claim your reward after voting for the server',
  suggest_top: 'Top voters of the month',
  suggest_shop: 'The vote shop: list the items, or buy one',
  suggest_shop_action: 'buy (leave empty to list the items)',
  suggest_shop_id: 'Id of the item, as the list shows it',
  suggest_shop_confirm: 'confirm, for items that ask for it',
  suggest_points: 'Your vote points',
  panel_title: 'Vote for the server',
  panel_sites: 'Vote sites',
  panel_vote: 'Vote',
  panel_copy_hint: 'Copy this link into your browser:',
  panel_copied: 'Link copied: paste it into your browser.',
  panel_waiting: 'Rewards waiting',
  panel_waiting_none: 'Nothing is waiting for you.',
  panel_claim: 'Claim my rewards (/{command})',
  panel_stats: 'Your votes',
  panel_shop: 'Vote shop',
  panel_buy: 'Buy',
  panel_confirm: 'Yes, buy it',
  panel_cancel: 'Cancel',
  panel_close: 'Close',
  panel_site_ready: 'You can vote now',
  panel_site_unknown: 'You cannot be recognised there yet: vote, then claim here',
  panel_site_voted: 'Voted today',
  panel_site_next: 'Voted · next vote in {time}',
  panel_minutes: '{minutes} min',
  panel_hours: '{hours} h {minutes} min',
  panel_streak: 'Streak: {days} day(s), best {best}',
  panel_month: 'Votes this month: {votes}',
  panel_rank: 'Rank this month: #{rank}',
  panel_rank_none: 'Not ranked this month yet',
  panel_confirm_buy: 'Buy {item} for {cost} point(s)?',
  panel_expired: 'That choice is no longer valid; choose the item again.',
  panel_off: 'The vote panel is off on this server: type /{command} to claim.',
  suggest_panel: 'The vote panel: sites, rewards waiting, points and shop',
  suggest_link: 'Shows the vote link',
} as const;

/** Key of a player-facing message. */
export type MessageKey = keyof typeof EN;

/** Every message key, in a stable order. */
export const MESSAGE_KEYS = Object.keys(EN) as MessageKey[];

/** The placeholder names in a template, as a union (`'a {x} b {y}'` gives `'x' | 'y'`). */
type PlaceholdersIn<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PlaceholdersIn<Rest>
  : never;

/** The placeholders of a message, taken from its English text (every language must use the same). */
export type PlaceholderOf<K extends MessageKey> = PlaceholdersIn<(typeof EN)[K]>;

/** Texts of one language by key; keys it lacks are said in English. */
export type MessageTable = Partial<Record<MessageKey, string>>;

/** Values substituted into `{placeholders}`. */
export type MessageVars = Record<string, string | number>;

/** The values a message takes: one per placeholder of its English text (a key known only at run time takes any). */
export type MessageVarsOf<K extends MessageKey> = { readonly [P in PlaceholderOf<K>]?: string | number };

/** Fills a message for the configured language. */
export type Translate = <K extends MessageKey>(key: K, vars?: MessageVarsOf<K>) => string;

/** Longest value per placeholder; others get VALUE_MAX. */
const PLACEHOLDER_MAX: Record<string, number> = { name: NAME_MAX, url: 256, rewards: 512, sites: 2560 };

/**
 * Creates the translator for `locale`: the language's built-in texts (`builtIn`, from its locale file; English for
 * keys it lacks), with per-key overrides from config taking precedence. Placeholder values
 * pass the sanitiser (no control characters, no colour codes, cut when long); the templates' own text is kept.
 */
export function createTranslator(
  locale: Locale,
  overrides: Partial<Record<Locale, MessageTable>> = {},
  builtIn: MessageTable = {},
): Translate {
  const table: Record<MessageKey, string> = {
    ...EN,
    ...(locale === 'en' ? {} : builtIn),
    ...overrides[locale],
  };
  return (key, given = {}) => {
    const vars = given as MessageVars;
    return table[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
      Object.hasOwn(vars, name) ? cleanText(vars[name], PLACEHOLDER_MAX[name] ?? VALUE_MAX) : whole,
    );
  };
}
