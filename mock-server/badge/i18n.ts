/** Languages a badge (and the site) can be written in. */
export type BadgeLang = 'en' | 'fr';

/** Words printed on badges, per language. */
export interface BadgeWords {
  /** Label under the rank on the button style. */
  rank: string;
  /** Column label for the rank on the stats style. */
  rankColumn: string;
  /** Column label for monthly votes on the stats style. */
  votesColumn: string;
  /** Column label for players on the stats style. */
  playersColumn: string;
  /** Text of the not-found badge. */
  notFound: string;
  /** `votes` after a number, singular or plural. */
  votes(count: number): string;
  /** `players` after a count, singular or plural. */
  players(count: number): string;
}

const WORDS: Record<BadgeLang, BadgeWords> = {
  en: {
    rank: 'RANK',
    rankColumn: 'Rank',
    votesColumn: 'Votes this month',
    playersColumn: 'Players online',
    notFound: 'Server not found',
    votes: (count) => (count === 1 ? 'vote' : 'votes'),
    players: (count) => (count === 1 ? 'player' : 'players'),
  },
  fr: {
    rank: 'RANG',
    rankColumn: 'Rang',
    votesColumn: 'Votes ce mois-ci',
    playersColumn: 'Joueurs en ligne',
    notFound: 'Serveur introuvable',
    votes: (count) => (count < 2 ? 'vote' : 'votes'),
    players: (count) => (count < 2 ? 'joueur' : 'joueurs'),
  },
};

/** The badge vocabulary of `lang`. */
export function badgeWords(lang: BadgeLang): BadgeWords {
  return WORDS[lang];
}

/** Groups digits by thousands: `12,352` in English, `12 352` in French. */
export function formatCount(value: number, lang: BadgeLang): string {
  const digits = String(Math.trunc(Math.abs(value)));
  const separator = lang === 'fr' ? ' ' : ',';
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  return value < 0 ? `-${grouped}` : grouped;
}

/** The one-line summary used by the button and mini styles: `12,352 votes · 64/128 players`. */
export function summaryLine(
  votes: number,
  playersOnline: number,
  playersMax: number,
  lang: BadgeLang,
): string {
  const words = badgeWords(lang);
  const players =
    playersMax > 0
      ? `${formatCount(playersOnline, lang)}/${formatCount(playersMax, lang)}`
      : formatCount(playersOnline, lang);
  return `${formatCount(votes, lang)} ${words.votes(votes)} · ${players} ${words.players(playersOnline)}`;
}
