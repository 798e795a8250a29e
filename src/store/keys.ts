/**
 * Every KVP key this resource writes, in one place. A prefix names a family of records (`claim:<id>`); a key names one
 * record. No prefix may be the start of another family's prefix or key (a test holds it), so a scan of one family never
 * reads another's records.
 */

/** Journal entries of votes and awards: `claim:<id>`. */
export const JOURNAL_PREFIX = 'claim:';
/** The marks a settled award leaves, so deciding it again after a crash creates nothing: `award-done:<id>`. */
export const AWARD_DONE_PREFIX = 'award-done:';
/** Name-lock bindings: `namelock:<name key>`. */
export const NAME_LOCK_PREFIX = 'namelock:';
/** The poller's memory of a player's last claim: `poll:last_claim:<name key>`. */
export const LAST_CLAIM_PREFIX = 'poll:last_claim:';
/** Vote histories: `history:<license>`. */
export const HISTORY_PREFIX = 'history:';
/**
 * The vote party's progress before 0.4.0 (`party:<month>`): under `party:`, which also starts the decisions and
 * `party:since`, so a scan of it read the other records. Only the migration to {@link PARTY_PROGRESS_PREFIX} reads it.
 */
export const PARTY_PREFIX = 'party:';
/** The last threshold the vote party decided in a month: `party:progress:<month>`. */
export const PARTY_PROGRESS_PREFIX = 'party:progress:';
/** Vote party decision records. */
export const PARTY_DECISION_PREFIX = 'party:decision:';
/** The UTC month the party first read a count in. */
export const PARTY_SINCE_KEY = 'party:since';
/** A vote party count held for an admin (`votereward party confirm|skip`): one at a time. */
export const PARTY_HOLD_KEY = 'party:hold';
/** The programs' clock record: the latest time seen and the UTC month the API last confirmed. */
export const PROGRAMS_CLOCK_KEY = 'clock:programs';
/** The month after the last one whose top voters were decided. */
export const TOP_LAST_MONTH_KEY = 'top:lastMonth';
/** Top-voter decision records: `top:decision:<month>`. */
export const TOP_DECISION_PREFIX = 'top:decision:';
/** The Discord outbox: `discord:queue:<id>`. */
export const DISCORD_QUEUE_PREFIX = 'discord:queue:';
/** Discord posts already sent: `discord:sent:<id>`. */
export const DISCORD_SENT_PREFIX = 'discord:sent:';
/**
 * What this resource did about one vote on a listing site other than the seed: `site:vote:<site>:<identity>:<vote>`
 * (the identity URI-encoded; the vote `t<ms>` by its time, or `u` when the site gives none).
 */
export const SITE_VOTE_PREFIX = 'site:vote:';
/** A player's points ledger: `points:<license>`. */
export const POINTS_PREFIX = 'points:';
/** Each key a points ledger applied, stored apart so the ledger record stays small: `pointkey:<license>:<key>`. */
export const POINTS_KEY_PREFIX = 'pointkey:';
/** Purchases of the vote shop: `shop:buy:<purchaseId>`. */
export const PURCHASE_PREFIX = 'shop:buy:';
/** A player's purchases counted against item limits: `shop:usage:<license>`. */
export const SHOP_USAGE_PREFIX = 'shop:usage:';
/** Units of an item sold against its global stock: `shop:stock:<itemId>`. */
export const SHOP_STOCK_PREFIX = 'shop:stock:';
/**
 * A player's vote reminders: their `/votereminders off|on` choice, the lines of the last hour (the cap) and the sites
 * already reminded of, so a restart or a reconnect starts neither the cap nor the reminders afresh: `reminders:<license>`.
 */
export const REMINDERS_PREFIX = 'reminders:';
/** The version of vote-reward that last wrote the data. */
export const DATA_VERSION_KEY = 'meta:data_version';
/** The version of the name-lock key format the bindings were last upgraded to (`claim/name-key-upgrade.ts`). */
export const NAME_KEY_VERSION_KEY = 'meta:name_key_version';

/**
 * Every family above, prefixes and single keys (the keys test holds that none is left out): what "this server has
 * data" (`data-version.ts`) and a full export read. {@link PARTY_PREFIX} stands for the old party progress keys.
 */
export const KVP_FAMILIES: readonly string[] = [
  JOURNAL_PREFIX,
  AWARD_DONE_PREFIX,
  NAME_LOCK_PREFIX,
  LAST_CLAIM_PREFIX,
  HISTORY_PREFIX,
  PARTY_PREFIX,
  PARTY_PROGRESS_PREFIX,
  PARTY_DECISION_PREFIX,
  PARTY_SINCE_KEY,
  PARTY_HOLD_KEY,
  PROGRAMS_CLOCK_KEY,
  TOP_LAST_MONTH_KEY,
  TOP_DECISION_PREFIX,
  DISCORD_QUEUE_PREFIX,
  DISCORD_SENT_PREFIX,
  SITE_VOTE_PREFIX,
  REMINDERS_PREFIX,
  POINTS_PREFIX,
  POINTS_KEY_PREFIX,
  PURCHASE_PREFIX,
  SHOP_USAGE_PREFIX,
  SHOP_STOCK_PREFIX,
  DATA_VERSION_KEY,
  NAME_KEY_VERSION_KEY,
];

/** The key of a journal entry. */
export const journalKey = (id: string): string => `${JOURNAL_PREFIX}${id}`;
/** The key of a player's vote history. */
export const historyKey = (license: string): string => `${HISTORY_PREFIX}${license}`;
/** The key of the vote party's progress in a month (`2026-11`). */
export const partyProgressKey = (month: string): string => `${PARTY_PROGRESS_PREFIX}${month}`;
/** The key of the record of one site vote: `vote` is the vote's time (ms), or null when the site gives none. */
export const siteVoteKey = (site: string, identity: string, vote: number | null): string =>
  `${SITE_VOTE_PREFIX}${site}:${encodeURIComponent(identity)}:${vote === null ? 'u' : `t${vote}`}`;
/** The key of a player's reminders record. */
export const remindersKey = (license: string): string => `${REMINDERS_PREFIX}${license}`;
/** The key of a player's points ledger. */
export const pointsKey = (license: string): string => `${POINTS_PREFIX}${license}`;
/** The prefix of every key record of one player's ledger (`pointkey:<license>:`). */
export const pointsKeysOf = (license: string): string => `${POINTS_KEY_PREFIX}${license}:`;
/** The key of the record of one applied ledger key. */
export const pointsKeyRecordKey = (license: string, key: string): string => `${pointsKeysOf(license)}${key}`;
/** The key of a purchase. */
export const purchaseKey = (id: string): string => `${PURCHASE_PREFIX}${id}`;
/** The key of a player's shop usage (limits). */
export const shopUsageKey = (license: string): string => `${SHOP_USAGE_PREFIX}${license}`;
/** The key of an item's sold units (stock). */
export const shopStockKey = (item: string): string => `${SHOP_STOCK_PREFIX}${item}`;
