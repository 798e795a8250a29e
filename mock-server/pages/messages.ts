import type { BadgeLang } from '../badge/i18n';

/** Languages of the site pages (the same two as the badge). */
export type SiteLang = BadgeLang;

/** Every sentence the site pages print, per language. */
export interface SiteMessages {
  /** `<html lang>` value. */
  htmlLang: string;
  /** Brand shown in the header. */
  brand: string;
  /** Header link to the server list. */
  navServers: string;
  /** Title of the server list. */
  serversTitle: string;
  /** Sentence under the list title. */
  serversIntro: string;
  /** Text when no server is listed. */
  noServers: string;
  /** Table/stat labels. */
  rank: string;
  server: string;
  game: string;
  address: string;
  votesMonth: string;
  votesTotal: string;
  players: string;
  premium: string;
  verified: string;
  /** Call to action on the server page. */
  voteCta: string;
  /** Heading of the badge section. */
  badgesTitle: string;
  /** Sentence introducing the embed snippets. */
  badgesIntro: string;
  /** Label of copy buttons. */
  copy: string;
  /** Label of copy buttons after copying. */
  copied: string;
  /** Alt text of badge images. */
  badgeAlt(name: string): string;
  /** Link to the owner's dashboard. */
  ownerLink: string;
  /** Title of the vote page. */
  voteTitle(name: string): string;
  /** Label of the username field. */
  usernameLabel: string;
  /** Help under the username field. */
  usernameHelp: string;
  /** Submit button of the vote form. */
  voteSubmit: string;
  /** Heading after a recorded vote. */
  votedTitle: string;
  /** Sentence after a recorded vote. */
  votedBody(username: string, server: string): string;
  /** The in-game instruction after voting. */
  votedInGame: string;
  /** Refusal when this name voted inside the cooldown. */
  cooldownName(name: string, wait: string, at: string): string;
  /** Refusal when another vote came from this address inside the cooldown (`every`: the cooldown). */
  cooldownIp(every: string, wait: string, at: string): string;
  /** Hint under an address refusal: the mock's flag that turns the rule off. */
  cooldownHint: string;
  /** Heading of the integrations page. */
  integrationsTitle: string;
  /** Sentence introducing API keys. */
  integrationsIntro: string;
  /** Key table headings. */
  keyColumn: string;
  createdColumn: string;
  lastUsedColumn: string;
  statusColumn: string;
  /** Key states. */
  active: string;
  revoked: string;
  never: string;
  /** Revoke button. */
  revoke: string;
  /** Generate button. */
  generate: string;
  /** Text when the server has no key. */
  noKeys: string;
  /** Heading above a fresh key. */
  newKeyTitle: string;
  /** Warning that a fresh key is shown once. */
  newKeyOnce: string;
  /** Notice after revoking. */
  revokedNotice(masked: string): string;
  /** Line introducing the server.cfg line of a fresh key. */
  newKeyCfg: string;
  /** Title of the revoke confirmation. */
  revokeConfirmTitle(masked: string): string;
  /** What revoking does, on the confirmation. */
  revokeConfirmBody: string;
  /** Confirm button. */
  revokeConfirm: string;
  /** Cancel link. */
  cancel: string;
  /** Heading of the dashboard's recent votes. */
  recentVotesTitle: string;
  /** Sentence over the recent votes: how many are shown and what "claimed" means. */
  recentVotesIntro(limit: number): string;
  /** Text when the server has no vote yet. */
  noVotes: string;
  /** Recent votes table headings. */
  voterColumn: string;
  votedAtColumn: string;
  claimColumn: string;
  /** Claim states of a vote. */
  claimed: string;
  unclaimed: string;
  /** Sentence introducing the badge variants (dark theme, language). */
  badgeVariants: string;
  /** Title of the /__admin page. */
  adminTitle: string;
  /** Sentence of the /__admin page. */
  adminIntro: string;
  /** Link to the reference. */
  adminDocs: string;
  /** Title of error pages. */
  errorTitle: string;
  /** Link back to the list on error pages. */
  backToServers: string;
  /** Error sentences, by code. */
  errors: Record<SiteErrorCode, string>;
}

/** Codes of the errors the pages can show. */
export type SiteErrorCode =
  | 'invalid_server_id'
  | 'server_not_found'
  | 'invalid_username'
  | 'vote_cooldown'
  | 'key_not_found'
  | 'csrf_rejected'
  | 'dashboard_disabled'
  | 'dashboard_loopback_only'
  | 'dashboard_token_needed'
  | 'host_not_allowed'
  | 'unknown_peer'
  | 'admin_token_required'
  | 'payload_too_large'
  | 'not_found';

const en: SiteMessages = {
  htmlLang: 'en',
  brand: 'Vote API mock',
  navServers: 'Servers',
  serversTitle: 'Servers',
  serversIntro: 'Ranked by votes this month.',
  noServers: 'No server is listed yet.',
  rank: 'Rank',
  server: 'Server',
  game: 'Game',
  address: 'Address',
  votesMonth: 'Votes this month',
  votesTotal: 'Votes in total',
  players: 'Players',
  premium: 'Premium',
  verified: 'Verified',
  voteCta: 'Vote for this server',
  badgesTitle: 'Badges',
  badgesIntro: 'Put one of these on your website; it links to this page and refreshes every 5 minutes.',
  copy: 'Copy',
  copied: 'Copied',
  badgeAlt: (name) => `${name}: rank, votes and players`,
  ownerLink: 'Owner? API keys and recent votes',
  voteTitle: (name) => `Vote for ${name}`,
  usernameLabel: 'Your in-game name',
  usernameHelp: 'Exactly as it appears in game, 1 to 64 characters.',
  voteSubmit: 'Vote',
  votedTitle: 'Thank you, your vote is recorded',
  votedBody: (username, server) => `${username} voted for ${server}.`,
  votedInGame: 'Now join the server and type /vote in game to receive your reward.',
  cooldownName: (name, wait, at) =>
    `${name} has already voted for this server. This name can vote again in ${wait} (at ${at}).`,
  cooldownIp: (every, wait, at) =>
    `Another vote for this server came from your address: one vote per address every ${every}. Your address can vote again in ${wait} (at ${at}).`,
  cooldownHint: 'Testing several players from one machine? Start the mock with --vote-cooldown 0.',
  integrationsTitle: 'Integrations',
  integrationsIntro: 'API keys let your game server check and claim votes through /api/v1.',
  keyColumn: 'Key',
  createdColumn: 'Created',
  lastUsedColumn: 'Last used',
  statusColumn: 'Status',
  active: 'Active',
  revoked: 'Revoked',
  never: 'Never',
  revoke: 'Revoke',
  generate: 'Generate a new key',
  noKeys: 'This server has no API key yet.',
  newKeyTitle: 'Your new API key',
  newKeyOnce: 'Copy it now: it is shown only once. Older keys keep working until you revoke them.',
  revokedNotice: (masked) => `Key ${masked} is revoked; requests using it now get 401.`,
  newKeyCfg: 'Paste this line into server.cfg (or txAdmin’s CFG editor), then restart the resource:',
  revokeConfirmTitle: (masked) => `Revoke key ${masked}?`,
  revokeConfirmBody:
    'Game servers using this key get 401 from their next request on, until they are given another key. This cannot be undone.',
  revokeConfirm: 'Revoke this key',
  cancel: 'Cancel',
  recentVotesTitle: 'Recent votes',
  recentVotesIntro: (limit) =>
    `The last ${limit} votes for this server, newest first. A claimed vote was paid in game (/vote or on join); a waiting one is still claimable.`,
  noVotes: 'No vote for this server yet.',
  voterColumn: 'Player',
  votedAtColumn: 'Voted',
  claimColumn: 'Claimed',
  claimed: 'Claimed',
  unclaimed: 'Waiting',
  badgeVariants:
    'Each badge has a dark theme (add theme=dark) and a French version (lang=fr); this page shows the one that matches your colour scheme and language.',
  adminTitle: 'Control API',
  adminIntro:
    'The mock’s JSON control API for tests and demos: servers, keys, votes, injected faults, reset and the Discord webhook sink. Its routes and bodies are in the reference.',
  adminDocs: 'Open the reference (/docs)',
  errorTitle: 'Something is wrong',
  backToServers: 'Back to the server list',
  errors: {
    invalid_server_id: 'The server id in the address must be a positive whole number.',
    server_not_found: 'There is no server with this id.',
    invalid_username: 'The in-game name is not valid.',
    vote_cooldown: 'You have already voted for this server recently.',
    key_not_found: 'This server has no such key.',
    csrf_rejected: 'The form was not sent from this site, so it was refused. Reload the page and try again.',
    dashboard_disabled: 'The owner dashboard is disabled on this mock (--no-admin).',
    dashboard_loopback_only:
      'Without MOCK_ADMIN_TOKEN the owner dashboard answers only on this machine (loopback), like the control API.',
    dashboard_token_needed:
      'This mock can be reached from other machines (--public-url or --host), so its owner dashboard needs MOCK_ADMIN_TOKEN: restart the mock with it set, then open the dashboard once with ?token=<MOCK_ADMIN_TOKEN>.',
    admin_token_required:
      'This dashboard needs the admin token: open it once with ?token=<MOCK_ADMIN_TOKEN> in the address.',
    host_not_allowed:
      'This mock does not answer to this address. Open the dashboard at the address the mock printed when it started, or start it with --public-url <address>.',
    unknown_peer: 'The address of your connection could not be read, so the request was refused. Try again.',
    payload_too_large: 'The form is too large.',
    not_found: 'This page does not exist.',
  },
};

const fr: SiteMessages = {
  htmlLang: 'fr',
  brand: 'Maquette de l’API de vote',
  navServers: 'Serveurs',
  serversTitle: 'Serveurs',
  serversIntro: 'Classés par votes du mois.',
  noServers: 'Aucun serveur n’est encore listé.',
  rank: 'Rang',
  server: 'Serveur',
  game: 'Jeu',
  address: 'Adresse',
  votesMonth: 'Votes ce mois-ci',
  votesTotal: 'Votes au total',
  players: 'Joueurs',
  premium: 'Premium',
  verified: 'Vérifié',
  voteCta: 'Voter pour ce serveur',
  badgesTitle: 'Badges',
  badgesIntro:
    'Placez l’un de ces badges sur votre site ; il renvoie vers cette page et se met à jour toutes les 5 minutes.',
  copy: 'Copier',
  copied: 'Copié',
  badgeAlt: (name) => `${name} : rang, votes et joueurs`,
  ownerLink: 'Propriétaire ? Clés d’API et votes récents',
  voteTitle: (name) => `Voter pour ${name}`,
  usernameLabel: 'Votre pseudo en jeu',
  usernameHelp: 'Exactement comme en jeu, de 1 à 64 caractères.',
  voteSubmit: 'Voter',
  votedTitle: 'Merci, votre vote est enregistré',
  votedBody: (username, server) => `${username} a voté pour ${server}.`,
  votedInGame: 'Rejoignez maintenant le serveur et tapez /vote en jeu pour recevoir votre récompense.',
  cooldownName: (name, wait, at) =>
    `${name} a déjà voté pour ce serveur. Ce pseudo pourra voter de nouveau dans ${wait} (à ${at}).`,
  cooldownIp: (every, wait, at) =>
    `Un autre vote pour ce serveur vient de votre adresse : un vote par adresse toutes les ${every}. Votre adresse pourra voter de nouveau dans ${wait} (à ${at}).`,
  cooldownHint:
    'Vous testez plusieurs joueurs depuis une seule machine ? Lancez le mock avec --vote-cooldown 0.',
  integrationsTitle: 'Intégrations',
  integrationsIntro:
    'Les clés d’API permettent à votre serveur de jeu de vérifier et réclamer les votes via /api/v1.',
  keyColumn: 'Clé',
  createdColumn: 'Créée',
  lastUsedColumn: 'Dernière utilisation',
  statusColumn: 'État',
  active: 'Active',
  revoked: 'Révoquée',
  never: 'Jamais',
  revoke: 'Révoquer',
  generate: 'Générer une nouvelle clé',
  noKeys: 'Ce serveur n’a pas encore de clé d’API.',
  newKeyTitle: 'Votre nouvelle clé d’API',
  newKeyOnce:
    'Copiez-la maintenant : elle n’est affichée qu’une fois. Les anciennes clés restent valides tant que vous ne les révoquez pas.',
  revokedNotice: (masked) => `La clé ${masked} est révoquée ; les requêtes qui l’utilisent reçoivent 401.`,
  newKeyCfg:
    'Collez cette ligne dans server.cfg (ou l’éditeur CFG de txAdmin), puis redémarrez la ressource :',
  revokeConfirmTitle: (masked) => `Révoquer la clé ${masked} ?`,
  revokeConfirmBody:
    'Les serveurs de jeu qui utilisent cette clé reçoivent 401 dès leur prochaine requête, jusqu’à ce qu’on leur donne une autre clé. C’est définitif.',
  revokeConfirm: 'Révoquer cette clé',
  cancel: 'Annuler',
  recentVotesTitle: 'Votes récents',
  recentVotesIntro: (limit) =>
    `Les ${limit} derniers votes pour ce serveur, du plus récent au plus ancien. Un vote réclamé a été payé en jeu (/vote ou à la connexion) ; un vote en attente peut encore être réclamé.`,
  noVotes: 'Aucun vote pour ce serveur pour l’instant.',
  voterColumn: 'Joueur',
  votedAtColumn: 'Voté',
  claimColumn: 'Réclamé',
  claimed: 'Réclamé',
  unclaimed: 'En attente',
  badgeVariants:
    'Chaque badge existe en thème sombre (ajoutez theme=dark) et en anglais (lang=en) ; cette page montre celui qui correspond à votre thème et à votre langue.',
  adminTitle: 'API de contrôle',
  adminIntro:
    'L’API JSON de contrôle du mock, pour les tests et les démos : serveurs, clés, votes, pannes injectées, remise à zéro et le récepteur de webhooks Discord. Ses routes et ses corps sont dans la référence.',
  adminDocs: 'Ouvrir la référence (/docs)',
  errorTitle: 'Un problème est survenu',
  backToServers: 'Retour à la liste des serveurs',
  errors: {
    invalid_server_id: 'L’identifiant du serveur dans l’adresse doit être un nombre entier positif.',
    server_not_found: 'Aucun serveur ne porte cet identifiant.',
    invalid_username: 'Le pseudo en jeu n’est pas valide.',
    vote_cooldown: 'Vous avez déjà voté récemment pour ce serveur.',
    key_not_found: 'Ce serveur n’a pas cette clé.',
    csrf_rejected:
      'Le formulaire n’a pas été envoyé depuis ce site ; il a été refusé. Rechargez la page et réessayez.',
    dashboard_disabled: 'Le tableau de bord est désactivé sur cette maquette (--no-admin).',
    dashboard_loopback_only:
      'Sans MOCK_ADMIN_TOKEN, le tableau de bord ne répond que sur cette machine (boucle locale), comme l’API de contrôle.',
    dashboard_token_needed:
      'Cette maquette est joignable depuis d’autres machines (--public-url ou --host) : son tableau de bord demande MOCK_ADMIN_TOKEN. Relancez-la avec ce jeton, puis ouvrez le tableau de bord une fois avec ?token=<MOCK_ADMIN_TOKEN>.',
    admin_token_required:
      'Ce tableau de bord demande le jeton d’administration : ouvrez-le une fois avec ?token=<MOCK_ADMIN_TOKEN> dans l’adresse.',
    host_not_allowed:
      'La maquette ne répond pas à cette adresse. Ouvrez le tableau de bord à l’adresse affichée à son démarrage, ou lancez-la avec --public-url <adresse>.',
    unknown_peer: 'L’adresse de votre connexion n’a pas pu être lue ; la requête a été refusée. Réessayez.',
    payload_too_large: 'Le formulaire est trop volumineux.',
    not_found: 'Cette page n’existe pas.',
  },
};

const MESSAGES: Record<SiteLang, SiteMessages> = { en, fr };

/** The messages of `lang`. */
export function siteMessages(lang: SiteLang): SiteMessages {
  return MESSAGES[lang];
}

/** `2026-11-21 10:15 UTC`: a fixed, unambiguous timestamp for both languages. */
export function formatTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** A duration rounded up to the minute: `1 h 05 min`, `12 min`, `1 min`. */
export function formatWait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${hours} h ${String(rest).padStart(2, '0')} min` : `${rest} min`;
}
