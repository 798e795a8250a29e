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
/** Vote party records: progress `party:<month>`, decisions `party:decision:<month>:<threshold>`, `party:since`. */
export const PARTY_PREFIX = 'party:';
/** Vote party decision records. */
export const PARTY_DECISION_PREFIX = 'party:decision:';
/** The UTC month the party first read a count in. */
export const PARTY_SINCE_KEY = 'party:since';
/** The last month whose top voters were decided. */
export const TOP_LAST_MONTH_KEY = 'top:lastMonth';
/** Top-voter decision records: `top:decision:<month>`. */
export const TOP_DECISION_PREFIX = 'top:decision:';
/** The Discord outbox: `discord:queue:<id>`. */
export const DISCORD_QUEUE_PREFIX = 'discord:queue:';
/** Discord posts already sent: `discord:sent:<id>`. */
export const DISCORD_SENT_PREFIX = 'discord:sent:';
/** The version of vote-reward that last wrote the data. */
export const DATA_VERSION_KEY = 'meta:data_version';
