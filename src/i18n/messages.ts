/** Player-facing messages in every supported language, and the translator that fills them. */

import { cleanText, NAME_MAX, VALUE_MAX } from '../runtime/clean-text';
import { de } from './locales/de';
import { es } from './locales/es';
import { nl } from './locales/nl';
import { pl } from './locales/pl';
import { ptBR } from './locales/pt-br';

/** Languages the resource speaks. */
export const LOCALES = ['en', 'fr', 'de', 'es', 'pt-BR', 'pl', 'nl'] as const;

/** One of {@link LOCALES}. */
export type Locale = (typeof LOCALES)[number];

const en = {
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
export type MessageKey = keyof typeof en;

/** Every message key, in a stable order. */
export const MESSAGE_KEYS = Object.keys(en) as MessageKey[];

const fr: Record<MessageKey, string> = {
  rewarded: 'Merci pour ton vote ! Tu as reçu {rewards}.',
  no_vote: 'Aucun vote trouvé pour « {name} ». Vote ici : {url} puis tape /{command} à nouveau.',
  no_vote_no_link: 'Aucun vote trouvé pour « {name} ». Vote pour le serveur, puis tape /{command} à nouveau.',
  reward_waiting: 'Ton vote a été reçu : tape /{command} pour recevoir ta récompense.',
  vote_link: 'Vote pour le serveur ici : {url} puis tape /{command} pour recevoir ta récompense.',
  vote_reminder: 'Tu peux de nouveau voter pour le serveur : {url}',
  vote_reminder_site: 'Tu peux de nouveau voter sur {site} : {url}',
  vote_reminder_sites: 'Tu peux de nouveau voter sur {sites}',
  vote_party_nudge:
    'Encore {left} vote(s) avant la prochaine vote party, et tu n’as pas voté aujourd’hui : {url}',
  reminders_on: 'Les rappels de vote sont activés. Tape /{remind} off pour les arrêter.',
  reminders_off: 'Les rappels de vote sont désactivés pour toi. Tape /{remind} on pour les réactiver.',
  suggest_reminders: 'Désactiver ou réactiver tes rappels de vote',
  suggest_reminders_state: 'off ou on',
  vote_broadcast_one:
    '1 joueur a voté pour le serveur ces {minutes} dernières minutes. Vote aussi : /{command}',
  vote_broadcast:
    '{count} joueurs ont voté pour le serveur ces {minutes} dernières minutes. Vote aussi : /{command}',
  claim_in_progress: 'Ton vote est déjà en cours de vérification, patiente.',
  cooldown: 'Attends {seconds} s avant de retaper /{command}.',
  name_locked:
    'Le nom « {name} » est déjà lié à un autre joueur : ses votes ne peuvent pas être réclamés ici.',
  no_license: 'Ta licence est illisible ; reconnecte-toi et réessaie.',
  invalid_name: 'Ton nom en jeu est vide sans les codes couleur ; choisis un nom et vote avec.',
  pending_inventory_full:
    'Ta récompense t’attend : libère de la place pour {count} x {item} et retape /{command}.',
  pending_not_loaded: 'Ta récompense t’attend : elle sera donnée dès que ton personnage sera chargé.',
  rewards_paused:
    'Les récompenses de vote sont en pause : le framework du serveur est arrêté. Ta récompense t’attend et sera donnée dès son retour.',
  pending_framework_error:
    'Ta récompense t’attend : elle n’a pas encore pu être donnée, un admin est prévenu.',
  pending_admin: 'Ta réclamation précédente doit être vérifiée par un admin avant d’être payée.',
  pending_unconfirmed:
    'Ta récompense n’a pas pu être confirmée : le serveur n’a pas dit si elle a été donnée. Un admin doit vérifier et confirmer ; rien n’est perdu et rien de plus n’est payé d’ici là.',
  claim_uncertain: 'Ta réclamation n’a pas encore pu être confirmée ; elle sera revérifiée automatiquement.',
  store_unavailable:
    'Les votes ne peuvent pas être réclamés pour l’instant (le réseau de serveurs est injoignable) ; réessaie dans une minute.',
  api_unauthorized:
    'Les votes ne peuvent pas être vérifiés (problème de configuration du serveur). Un admin est prévenu.',
  api_rate_limited: 'Trop de requêtes vers le site de vote ; réessaie dans {seconds} s.',
  api_busy: 'Le site de vote est occupé ; réessaie dans {seconds} s.',
  api_server_error: 'Le site de vote a un problème ; rien n’est perdu, réessaie plus tard.',
  api_unavailable: 'Le site de vote est injoignable ; rien n’est perdu, réessaie plus tard.',
  api_misbehaving: 'Le site de vote se comporte anormalement ; rien n’est perdu, réessaie plus tard.',
  not_ready: 'Les récompenses de vote ne sont pas disponibles sur ce serveur pour le moment.',
  starting: 'Les récompenses de vote démarrent ; retape /{command} dans quelques secondes.',
  award_test: 'Test des récompenses de vote par un admin (pas un vote) : tu as reçu {rewards}.',
  reward_money: '{amount} $ en liquide',
  reward_bank: '{amount} $ en banque',
  reward_gold: '{amount} or',
  reward_item: '{count} x {item}',
  reward_custom: 'une récompense spéciale',
  reward_points: '{amount} points de vote',
  award_shop: 'Ton achat dans la boutique de vote a été livré : {rewards}.',
  rewarded_nothing: 'Merci pour ton vote ! Pas de chance au tirage cette fois.',
  award_first: 'Merci pour ton premier vote pour le serveur ! Bonus : {rewards}.',
  award_milestone: 'Tu as atteint {votes} votes pour le serveur ! Bonus : {rewards}.',
  award_streak: 'Série de {days} jours de vote ! Bonus : {rewards}.',
  award_party: 'Vote party ! Le serveur a atteint {votes} votes ce mois-ci : tu as reçu {rewards}.',
  award_top: 'Tu étais le votant n°{rank} de {month} : tu as reçu {rewards}.',
  award_all_sites: "Tu as voté sur tous les sites aujourd'hui ! Bonus : {rewards}.",
  site_found: '{site} : vote trouvé.',
  site_no_vote: "{site} : aucun vote trouvé pour l'instant. Vote ici : {url}",
  site_already_paid:
    '{site} : ton dernier vote sur ce site a déjà été récompensé. Revote dès que le site le permet : {url}',
  site_unreachable: "{site} est injoignable pour le moment ; rien n'est perdu, retape /{command} plus tard.",
  site_pending: '{site} : ton vote est en cours de vérification ; il sera réglé automatiquement.',
  site_needs_steam:
    '{site} identifie les votants par leur compte Steam : lance FiveM avec Steam ouvert pour être récompensé de tes votes sur ce site.',
  site_needs_discord:
    '{site} identifie les votants par leur compte Discord : ouvre Discord avant FiveM pour être récompensé de tes votes sur ce site.',
  site_needs_ip:
    '{site} identifie les votants par leur adresse IP, que ce serveur ne voit pas : les votes sur ce site ne peuvent pas être récompensés ici.',
  site_needs_name:
    '{site} a besoin de ton nom en jeu : choisis un nom qui ne soit pas fait que de codes couleur et vote avec.',
  award_nothing: 'Pas de chance au tirage du bonus cette fois.',
  streak_status: 'Série de votes : {days} jour(s), record {best}. Revote d’ici {hours} h pour la garder.',
  party_progress: 'Encore {left} vote(s) avant la prochaine vote party ({votes}/{goal} ce mois-ci).',
  party_started:
    'Vote party ! Le serveur a atteint {votes} votes ce mois-ci : les votants connectés sont récompensés.',
  party_not_eligible: 'Vote party ! Vote {min} fois ce mois-ci pour profiter de la prochaine.',
  top_title: 'Meilleurs votants de {month} :',
  top_line: 'n°{rank} {name} : {votes} vote(s)',
  top_empty: 'Personne n’a encore voté en {month}.',
  top_own: 'Tu es n°{rank} avec {votes} vote(s).',
  top_own_none: 'Tu n’as pas encore voté ce mois-ci : /{command}',
  discord_vote: '{name} a voté pour le serveur ({votes} vote(s) de sa part ce mois-ci).',
  discord_milestone: '{name} a atteint {votes} votes pour le serveur !',
  discord_streak: '{name} enchaîne {days} jours de vote !',
  discord_party:
    'Vote party ! Le serveur a atteint {votes} votes ce mois-ci ; {players} joueur(s) récompensé(s).',
  discord_winners: 'Meilleurs votants de {month} : {list}',
  points_balance: 'Tu as {balance} point(s) de vote.',
  points_spend: 'Dépense-les dans la boutique de vote : /{command}',
  points_cap: 'C’est le maximum que tu peux avoir ({cap}) : dépenses-en pour continuer à en gagner.',
  points_admin: 'Un admin a modifié tes points de vote de {delta} ; tu en as maintenant {balance}.',
  shop_title: 'Boutique de vote, tu as {balance} point(s). Achète avec /{command} buy <id>',
  shop_item: '{id} : {item}, {cost} point(s)',
  shop_left_day: 'encore {left} aujourd’hui',
  shop_left_week: 'encore {left} cette semaine',
  shop_left_month: 'encore {left} ce mois-ci',
  shop_left_total: 'encore {left} pour toi',
  shop_stock: '{stock} en stock',
  shop_sold_out_tag: 'épuisé',
  shop_confirm_tag: 'demande une confirmation',
  shop_empty: 'La boutique de vote n’a rien à vendre pour le moment.',
  shop_more: 'Plus d’articles : /{command} {page}',
  shop_off: 'La boutique de vote est fermée sur ce serveur.',
  shop_usage: 'Voir les articles : /{command}. En acheter un : /{command} buy <id>',
  shop_unknown: 'La boutique de vote n’a pas d’article « {id} ». Tu voulais dire {ids} ? Liste : /{command}',
  shop_id_hidden:
    'Cet identifiant d’article contient des caractères invisibles ou des espaces. Tu voulais dire {ids} ? Liste : /{command}',
  shop_unknown_none: 'La boutique de vote n’a pas d’article « {id} ». Liste : /{command}',
  shop_id_invalid:
    'Un identifiant d’article ne contient que des lettres, des chiffres, - et _, {max} caractères au plus. Liste : /{command}',
  shop_confirm: '{item} coûte {cost} point(s). Pour l’acheter, tape /{command} buy {id} confirm',
  shop_bought: 'Tu as acheté {item} pour {cost} point(s). Il te reste {balance} point(s).',
  shop_not_enough: '{item} coûte {cost} point(s) et tu en as {balance}.',
  shop_limit:
    'Tu as acheté {item} autant de fois que permis ({limit}) ; tu pourras le racheter à partir du {reset}.',
  shop_limit_total: 'Tu as acheté {item} autant de fois que permis ({limit}).',
  shop_sold_out: '{item} est épuisé.',
  shop_no_permission: 'Tu n’as pas le droit d’acheter {item}.',
  shop_not_loaded:
    'Ton personnage n’est pas encore chargé ; achète une fois qu’il le sera. Aucun point n’a été pris.',
  shop_cannot_carry:
    'Tu ne peux pas porter {rewards} pour le moment : fais de la place et rachète. Aucun point n’a été pris.',
  shop_refunded: '{item} n’a pas pu être donné, tes {cost} point(s) t’ont donc été rendus.',
  shop_held:
    'Le serveur n’a pas pu confirmer si {item} a été donné. Tes {cost} point(s) sont bloqués jusqu’à la vérification d’un admin ; rien n’est perdu.',
  shop_busy: 'Ton achat précédent est encore en cours ; patiente un instant.',
  shop_failed:
    'La boutique de vote ne peut pas vendre {item} pour le moment ; aucun point n’a été pris. Réessaie plus tard.',
  shop_pending: 'Tu as acheté {item} ; il te sera donné dès que le serveur le pourra.',
  shop_menu_title: 'Boutique de vote : {balance} point(s)',
  shop_cost: 'coût : {cost} point(s)',
  discord_purchase: '{name} a acheté {item} dans la boutique de vote.',
  points_unavailable:
    'Tes points de vote sont illisibles pour le moment ; un admin est prévenu et rien n’est perdu.',
  suggest_vote: 'Reçois ta récompense après avoir voté pour le serveur',
  suggest_top: 'Meilleurs votants du mois',
  suggest_shop: 'La boutique de vote : voir les articles, ou en acheter un',
  suggest_shop_action: 'buy (laisser vide pour voir les articles)',
  suggest_shop_id: 'Identifiant de l’article, comme la liste le montre',
  suggest_shop_confirm: 'confirm, pour les articles qui le demandent',
  suggest_points: 'Tes points de vote',
  panel_title: 'Vote pour le serveur',
  panel_sites: 'Sites de vote',
  panel_vote: 'Voter',
  panel_copy_hint: 'Copie ce lien dans ton navigateur :',
  panel_copied: 'Lien copié : colle-le dans ton navigateur.',
  panel_waiting: 'Récompenses en attente',
  panel_waiting_none: 'Rien ne t’attend.',
  panel_claim: 'Réclamer mes récompenses (/{command})',
  panel_stats: 'Tes votes',
  panel_shop: 'Boutique de vote',
  panel_buy: 'Acheter',
  panel_confirm: 'Oui, acheter',
  panel_cancel: 'Annuler',
  panel_close: 'Fermer',
  panel_site_ready: 'Tu peux voter maintenant',
  panel_site_unknown: 'Ton vote là-bas ne peut pas encore être reconnu : vote, puis réclame ici',
  panel_site_voted: 'Voté aujourd’hui',
  panel_site_next: 'Voté · prochain vote dans {time}',
  panel_minutes: '{minutes} mn',
  panel_hours: '{hours} h {minutes} mn',
  panel_streak: 'Série : {days} jour(s), record {best}',
  panel_month: 'Votes ce mois-ci : {votes}',
  panel_rank: 'Rang ce mois-ci : n°{rank}',
  panel_rank_none: 'Pas encore classé ce mois-ci',
  panel_confirm_buy: 'Acheter {item} pour {cost} point(s) ?',
  panel_expired: 'Ce choix n’est plus valable ; choisis l’article à nouveau.',
  panel_off: 'Le panneau de vote est désactivé sur ce serveur : tape /{command} pour réclamer.',
  suggest_panel: 'Le panneau de vote : sites, récompenses en attente, points et boutique',
  suggest_link: 'Affiche le lien de vote',
};

/** Built-in messages per language (en and fr here, the others in `./locales/`). */
export const MESSAGES: Record<Locale, Record<MessageKey, string>> = { en, fr, de, es, 'pt-BR': ptBR, pl, nl };

/** Values substituted into `{placeholders}`. */
export type MessageVars = Record<string, string | number>;

/** Fills a message for the configured language. */
export type Translate = (key: MessageKey, vars?: MessageVars) => string;

/** Longest value per placeholder; others get VALUE_MAX. */
const PLACEHOLDER_MAX: Record<string, number> = { name: NAME_MAX, url: 256, rewards: 512, sites: 2560 };

/**
 * Creates the translator for `locale`, with per-key overrides from config taking precedence. Placeholder values
 * pass the sanitiser (no control characters, no colour codes, cut when long); the templates' own text is kept.
 */
export function createTranslator(
  locale: Locale,
  overrides: Partial<Record<Locale, Partial<Record<MessageKey, string>>>> = {},
): Translate {
  const table: Record<MessageKey, string> = { ...MESSAGES[locale], ...overrides[locale] };
  return (key, vars = {}) =>
    table[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
      Object.hasOwn(vars, name) ? cleanText(vars[name], PLACEHOLDER_MAX[name] ?? VALUE_MAX) : whole,
    );
}
