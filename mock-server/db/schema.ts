const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Days in one block of the rolling-count prefix sums (migration 7). */
export const BLOCK_DAYS = 32;

/** SQL for floor(expr / n) with n > 0, right for negative values too (SQLite's `/` truncates toward zero). */
function floorDiv(expr: string, n: number): string {
  return `((${expr}) - (((${expr}) % ${n}) + ${n}) % ${n}) / ${n}`;
}

const newHour = floorDiv('NEW.voted_at', HOUR_MS);
const newDay = floorDiv('NEW.voted_at', DAY_MS);
const newBlock = floorDiv('NEW.voted_at', BLOCK_DAYS * DAY_MS);

/**
 * Schema migrations, applied in order; `PRAGMA user_version` records how many ran.
 * Timestamps are integer milliseconds since the Unix epoch, always passed in from JS so tests control time.
 * Months are UTC (`strftime` has no time zones), which is also what the API documents.
 * Votes are never deleted one by one (only `reset` empties every table) and their `voted_at` never changes, so the
 * counters need no delete or update trigger.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE servers (
    id              INTEGER PRIMARY KEY,
    name            TEXT NOT NULL,
    game            TEXT NOT NULL,
    ip              TEXT NOT NULL DEFAULT '',
    port            INTEGER NOT NULL DEFAULT 30120,
    description     TEXT NOT NULL DEFAULT '',
    is_premium      INTEGER NOT NULL DEFAULT 0,
    is_verified     INTEGER NOT NULL DEFAULT 0,
    followers_count INTEGER NOT NULL DEFAULT 0,
    players_online  INTEGER NOT NULL DEFAULT 0,
    players_max     INTEGER NOT NULL DEFAULT 0,
    created_at      INTEGER NOT NULL,
    votes_total     INTEGER NOT NULL DEFAULT 0,
    -- votes in the month named by rank_state.month; refreshed when that month changes
    rank_month_votes INTEGER NOT NULL DEFAULT 0
  ) STRICT;
  -- exactly the ranking order, so both the leaderboard and a server's rank are index range reads
  CREATE INDEX servers_rank ON servers (rank_month_votes DESC, votes_total DESC, created_at, id);

  CREATE TABLE rank_state (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    month TEXT NOT NULL
  ) STRICT;
  INSERT INTO rank_state (id, month) VALUES (1, '');

  CREATE TABLE api_keys (
    id           INTEGER PRIMARY KEY,
    server_id    INTEGER NOT NULL REFERENCES servers (id) ON DELETE CASCADE,
    key_hash     BLOB NOT NULL UNIQUE,
    prefix       TEXT NOT NULL UNIQUE,
    suffix       TEXT NOT NULL,
    created_at   INTEGER NOT NULL,
    last_used_at INTEGER,
    revoked_at   INTEGER
  ) STRICT;
  CREATE INDEX api_keys_server ON api_keys (server_id, created_at);

  CREATE TABLE votes (
    id           INTEGER PRIMARY KEY,
    uuid         TEXT NOT NULL UNIQUE,
    server_id    INTEGER NOT NULL REFERENCES servers (id) ON DELETE CASCADE,
    username     TEXT NOT NULL,
    username_key TEXT NOT NULL,
    ip           TEXT,
    voted_at     INTEGER NOT NULL,
    claimed_at   INTEGER
  ) STRICT;
  CREATE INDEX votes_server_user_time ON votes (server_id, username_key, voted_at);
  CREATE INDEX votes_server_ip_time ON votes (server_id, ip, voted_at);
  CREATE INDEX votes_server_time ON votes (server_id, voted_at);
  -- partial indexes hold only unclaimed votes, so "oldest unclaimed" never walks over claimed ones
  CREATE INDEX votes_unclaimed_user ON votes (server_id, username_key, voted_at) WHERE claimed_at IS NULL;
  CREATE INDEX votes_unclaimed_ip ON votes (server_id, ip, voted_at) WHERE claimed_at IS NULL;

  CREATE TABLE server_month_votes (
    server_id INTEGER NOT NULL,
    month     TEXT NOT NULL,
    votes     INTEGER NOT NULL,
    PRIMARY KEY (server_id, month)
  ) STRICT, WITHOUT ROWID;

  CREATE TRIGGER votes_counters_insert AFTER INSERT ON votes BEGIN
    INSERT INTO server_month_votes (server_id, month, votes)
      VALUES (NEW.server_id, strftime('%Y-%m', NEW.voted_at / 1000, 'unixepoch'), 1)
      ON CONFLICT (server_id, month) DO UPDATE SET votes = votes + 1;
    UPDATE servers
       SET votes_total = votes_total + 1,
           rank_month_votes = rank_month_votes
             + (strftime('%Y-%m', NEW.voted_at / 1000, 'unixepoch') = (SELECT month FROM rank_state WHERE id = 1))
     WHERE id = NEW.server_id;
  END;

  `,
  // 2: per-(server, hour) vote counters, so the rolling 24 h / 7 d counts sum whole hours and count only the
  // partial edge hour from the votes index (bounded by one hour of votes) instead of reading every vote.
  // The hour is floor(voted_at / 1 h), written with `%` so times before 1970 fall in the right hour too.
  `
  CREATE TABLE server_hour_votes (
    server_id INTEGER NOT NULL,
    hour      INTEGER NOT NULL,
    votes     INTEGER NOT NULL,
    PRIMARY KEY (server_id, hour)
  ) STRICT, WITHOUT ROWID;

  INSERT INTO server_hour_votes (server_id, hour, votes)
    SELECT server_id, (voted_at - ((voted_at % 3600000) + 3600000) % 3600000) / 3600000 AS hour, count(*)
      FROM votes GROUP BY server_id, hour;

  CREATE TRIGGER votes_hour_counters_insert AFTER INSERT ON votes BEGIN
    INSERT INTO server_hour_votes (server_id, hour, votes)
      VALUES (NEW.server_id, (NEW.voted_at - ((NEW.voted_at % 3600000) + 3600000) % 3600000) / 3600000, 1)
      ON CONFLICT (server_id, hour) DO UPDATE SET votes = votes + 1;
  END;
  `,
  // 3: usernames are matched with full Unicode case folding (the resource's name key); keys stored by an older
  // mock are recomputed with that function, which openDatabase registers as name_key().
  `
  UPDATE votes SET username_key = name_key(username) WHERE username_key IS NOT name_key(username);
  `,
  // 4: the Discord-compatible webhook sink: webhooks (ids are snowflakes, kept as text) and the messages they
  // received, in arrival order (`seq`). Tokens are kept in clear, as Discord does: the URL is the credential.
  `
  CREATE TABLE webhooks (
    id         TEXT PRIMARY KEY,
    token      TEXT NOT NULL,
    name       TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    created_at INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE webhook_messages (
    seq         INTEGER PRIMARY KEY,
    id          TEXT NOT NULL UNIQUE,
    webhook_id  TEXT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    body        TEXT NOT NULL,
    received_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX webhook_messages_webhook ON webhook_messages (webhook_id, seq);
  `,
  // 5: per-(server, UTC day) vote counters, so the rolling 7 d count sums at most 8 whole days plus the hours
  // between its edge hour and the next day start (at most 23), instead of up to 168 hours. The day is
  // floor(voted_at / 1 d), written like the hour. The backfill and the trigger run in the migration's single
  // transaction, so an interrupted upgrade leaves the file at version 4 with no day table, and the next open
  // redoes it whole.
  `
  CREATE TABLE server_day_votes (
    server_id INTEGER NOT NULL,
    day       INTEGER NOT NULL,
    votes     INTEGER NOT NULL,
    PRIMARY KEY (server_id, day)
  ) STRICT, WITHOUT ROWID;

  INSERT INTO server_day_votes (server_id, day, votes)
    SELECT server_id, (voted_at - ((voted_at % 86400000) + 86400000) % 86400000) / 86400000 AS day, count(*)
      FROM votes GROUP BY server_id, day;

  CREATE TRIGGER votes_day_counters_insert AFTER INSERT ON votes BEGIN
    INSERT INTO server_day_votes (server_id, day, votes)
      VALUES (NEW.server_id, (NEW.voted_at - ((NEW.voted_at % 86400000) + 86400000) % 86400000) / 86400000, 1)
      ON CONFLICT (server_id, day) DO UPDATE SET votes = votes + 1;
  END;
  `,
  // 6: the listing-site emulations (`--sites`, mock-server/sites/): one key per emulated site, and the votes cast
  // on them by name, SteamID64, Discord id or IP. `identity_key` is what the site matches on (a name folded like the
  // API's, anything else as given); `claimed_at` stays null on sites with no claim.
  `
  CREATE TABLE site_keys (
    site TEXT PRIMARY KEY,
    key  TEXT NOT NULL
  ) STRICT;

  CREATE TABLE site_votes (
    id            INTEGER PRIMARY KEY,
    vote_id       TEXT NOT NULL UNIQUE,
    site          TEXT NOT NULL,
    identity_kind TEXT NOT NULL,
    identity      TEXT NOT NULL,
    identity_key  TEXT NOT NULL,
    username      TEXT,
    voted_at      INTEGER NOT NULL,
    claimed_at    INTEGER
  ) STRICT;
  CREATE INDEX site_votes_lookup ON site_votes (site, identity_kind, identity_key, voted_at);
  `,
  // 7: running totals, so each rolling window reads three rows whatever the vote density. `cum` is a prefix sum
  // in three levels: an hour row holds the server's votes from its UTC day's start through the end of that hour, a
  // day row the votes from its block's start (blocks of BLOCK_DAYS days from the epoch) through the end of that
  // day, and a block row (new table) every vote of the server through the end of that block. The votes up to the
  // end of hour H are then the sum of three rows: the last hour row at or before H in H's day, the last day row
  // before H's day in its block and the last block row before H's block; the votes after H are `votes_total` minus
  // that. A live vote (the newest hour) upserts one row per level and updates none after it; a
  // back-dated one also adds 1 to the later rows of its day (at most 23), of its block (at most 31) and to every
  // later block, so seeding an old vote stays cheap. One trigger replaces the hour and day triggers of 2 and 5
  // (it keeps their `votes`). The backfill runs in the migration's single transaction, so an interrupted upgrade
  // leaves the file at version 6 and the next open redoes it whole.
  `
  ALTER TABLE server_hour_votes ADD COLUMN cum INTEGER NOT NULL DEFAULT 0;
  UPDATE server_hour_votes SET cum = running.cum
    FROM (SELECT server_id, hour,
                 sum(votes) OVER (PARTITION BY server_id, ${floorDiv('hour', 24)} ORDER BY hour) AS cum
            FROM server_hour_votes) AS running
   WHERE server_hour_votes.server_id = running.server_id AND server_hour_votes.hour = running.hour;

  ALTER TABLE server_day_votes ADD COLUMN cum INTEGER NOT NULL DEFAULT 0;
  UPDATE server_day_votes SET cum = running.cum
    FROM (SELECT server_id, day,
                 sum(votes) OVER (PARTITION BY server_id, ${floorDiv('day', BLOCK_DAYS)} ORDER BY day) AS cum
            FROM server_day_votes) AS running
   WHERE server_day_votes.server_id = running.server_id AND server_day_votes.day = running.day;

  CREATE TABLE server_block_votes (
    server_id INTEGER NOT NULL,
    block     INTEGER NOT NULL,
    votes     INTEGER NOT NULL,
    cum       INTEGER NOT NULL,
    PRIMARY KEY (server_id, block)
  ) STRICT, WITHOUT ROWID;
  INSERT INTO server_block_votes (server_id, block, votes, cum)
    SELECT server_id, ${floorDiv('day', BLOCK_DAYS)} AS block, sum(votes),
           sum(sum(votes)) OVER (PARTITION BY server_id ORDER BY ${floorDiv('day', BLOCK_DAYS)})
      FROM server_day_votes GROUP BY server_id, block;

  DROP TRIGGER votes_hour_counters_insert;
  DROP TRIGGER votes_day_counters_insert;
  CREATE TRIGGER votes_running_counters_insert AFTER INSERT ON votes BEGIN
    INSERT INTO server_hour_votes (server_id, hour, votes, cum)
      VALUES (NEW.server_id, ${newHour}, 1, 1 + coalesce((SELECT cum FROM server_hour_votes
        WHERE server_id = NEW.server_id AND hour < ${newHour} AND hour >= ${newDay} * 24
        ORDER BY hour DESC LIMIT 1), 0))
      ON CONFLICT (server_id, hour) DO UPDATE SET votes = votes + 1, cum = cum + 1;
    UPDATE server_hour_votes SET cum = cum + 1
     WHERE server_id = NEW.server_id AND hour > ${newHour} AND hour < (${newDay} + 1) * 24;

    INSERT INTO server_day_votes (server_id, day, votes, cum)
      VALUES (NEW.server_id, ${newDay}, 1, 1 + coalesce((SELECT cum FROM server_day_votes
        WHERE server_id = NEW.server_id AND day < ${newDay} AND day >= ${newBlock} * ${BLOCK_DAYS}
        ORDER BY day DESC LIMIT 1), 0))
      ON CONFLICT (server_id, day) DO UPDATE SET votes = votes + 1, cum = cum + 1;
    UPDATE server_day_votes SET cum = cum + 1
     WHERE server_id = NEW.server_id AND day > ${newDay} AND day < (${newBlock} + 1) * ${BLOCK_DAYS};

    INSERT INTO server_block_votes (server_id, block, votes, cum)
      VALUES (NEW.server_id, ${newBlock}, 1, 1 + coalesce((SELECT cum FROM server_block_votes
        WHERE server_id = NEW.server_id AND block < ${newBlock} ORDER BY block DESC LIMIT 1), 0))
      ON CONFLICT (server_id, block) DO UPDATE SET votes = votes + 1, cum = cum + 1;
    UPDATE server_block_votes SET cum = cum + 1 WHERE server_id = NEW.server_id AND block > ${newBlock};
  END;
  `,
];
