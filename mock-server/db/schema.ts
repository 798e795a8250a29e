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
];
