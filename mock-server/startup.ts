/**
 * What `npm start` does once its flags are parsed: starts the mock they describe and writes the lines it prints (the
 * URLs, the demo key, the server.cfg lines). Apart from index.ts so that tests run it in process.
 */
import type { CliOptions } from './cli';
import { exposure } from './middleware/admin-guard';
import { isWildcardHost } from './middleware/host-allow-list';
import { SEEDED_UNCLAIMED, unclaimedVotesByName } from './seed';
import { demoFilePath, type RunningMockServer, startMockServer } from './server';
import { siteBannerLines } from './sites';

/** The control API's line: where it answers and who may use it. */
function adminLine(
  enabled: boolean,
  token: string | undefined,
  url: string,
  exposedBy: string | undefined,
): string {
  if (!enabled) return 'control API: disabled (--no-admin)';
  if (token) return `control API: ${url}/__admin (Authorization: Bearer $MOCK_ADMIN_TOKEN)`;
  if (exposedBy !== undefined)
    return `control API: refused to everyone, since others can reach this mock (${exposedBy}); set MOCK_ADMIN_TOKEN to use it (and the owner dashboard)`;
  return `control API: ${url}/__admin (loopback clients only; set MOCK_ADMIN_TOKEN to require a token)`;
}

/**
 * The banner's lines about votes waiting on the demo server: the seeded names (a /vote under one of them is paid
 * for their votes) apart from votes cast since, on an earlier run of a kept database (the tester's own, usually).
 */
export function waitingLines(waiting: ReadonlyArray<{ username: string; count: number }>): string[] {
  const list = (names: typeof waiting) => names.map((w) => `${w.username} (${w.count})`).join(', ');
  const isSeeded = (name: string) => (SEEDED_UNCLAIMED as readonly string[]).includes(name);
  const seeded = waiting.filter((w) => isSeeded(w.username));
  const earlier = waiting.filter((w) => !isSeeded(w.username));
  if (earlier.length === 0) {
    return [
      seeded.length === 0
        ? 'unclaimed votes on the demo server: none'
        : `unclaimed votes on the demo server: ${list(seeded)}; /vote in game as one of these names is paid for them, so vote under your own name to test one fresh vote`,
    ];
  }
  return [
    seeded.length === 0
      ? 'seeded unclaimed votes on the demo server: none left'
      : `seeded unclaimed votes on the demo server: ${list(seeded)}; /vote in game as one of these names is paid for them`,
    `votes cast on an earlier run of this database, not claimed yet: ${list(earlier)}; /vote in game under one of these names pays them (oldest first) before any new vote`,
  ];
}

/**
 * The banner's line naming the demo server's game, and when `--game` asked for another one than a database seeded
 * earlier holds, why it did not apply and how to get it.
 */
export function demoGameLines(game: string, options: Pick<CliOptions, 'game' | 'db'>): string[] {
  const lines = [
    `demo server game: ${game}${options.game === undefined && game === 'fivem' ? ' (--game redm seeds a RedM one in a new database)' : ''}`,
  ];
  if (options.game !== undefined && options.game !== game) {
    lines.push(
      `--game ${options.game} did not apply: ${options.db} was seeded earlier with a ${game} demo server; start with a new --db file (or delete this one and its demo.json) to seed a ${options.game} one`,
    );
  }
  return lines;
}

/** Starts the mock of the parsed `options` (`token`: MOCK_ADMIN_TOKEN) and returns it with the lines to print. */
export async function startFromCli(
  options: CliOptions,
  token: string | undefined,
): Promise<{ mock: RunningMockServer; lines: string[] }> {
  const mock = await startMockServer({
    port: options.port,
    host: options.host,
    ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }),
    db: options.db,
    seed: options.seed,
    ...(options.game === undefined ? {} : { game: options.game }),
    checkMode: options.checkMode,
    rateLimit: options.rateLimit,
    voteCooldownMs: options.voteCooldownMs,
    admin: { enabled: options.admin, token },
    sites: options.sites,
  });

  // Loopback-only routes are printed with the loopback URL; everything meant for others with the public one.
  const base = mock.publicUrl;
  const local = token ? base : mock.url;
  const lines = isWildcardHost(options.host)
    ? [`listening on every interface (${options.host}), port ${mock.port}; on this machine: ${mock.url}`]
    : [`listening on ${mock.url}`];
  if (options.publicUrl !== undefined) lines.push(`public URL: ${base}`);
  else if (isWildcardHost(options.host)) {
    lines.push(
      `pages, snippets and OpenAPI use ${mock.url}; pass --public-url http://<LAN name or address>:${mock.port} to give other machines a URL that reaches this one`,
    );
  }
  lines.push(`database: ${options.db}${options.db === ':memory:' ? ' (discarded on exit)' : ''}`);
  lines.push(
    `check mode: ${options.checkMode}, rate limit: ${options.rateLimit} requests per rolling 60 s per key`,
  );
  if (mock.demo) {
    lines.push(`demo server id: ${mock.demo.serverId}`);
    lines.push(...demoGameLines(mock.store.servers.get(mock.demo.serverId)?.game ?? '?', options));
    const where = options.db === ':memory:' ? 'only shown here' : `remembered in ${demoFilePath(options.db)}`;
    lines.push(`demo API key: ${mock.demo.apiKey} (stored hashed in the database; ${where})`);
    const page = `${base}/servers/${mock.demo.serverId}`;
    lines.push(
      `server page: ${page}`,
      `vote page: ${page}/vote (vote with your in-game name, then /vote in game)`,
    );
    if (options.admin)
      lines.push(
        `owner dashboard: ${local}/dashboard/servers/${mock.demo.serverId}/integrations (API keys, recent votes and whether each was claimed)`,
      );
    lines.push(...waitingLines(unclaimedVotesByName(mock.store, mock.demo.serverId)));
  }
  lines.push(`OpenAPI: ${base}/openapi.json`, `docs: ${base}/docs`, `health: ${base}/health`);
  lines.push(adminLine(options.admin, token, local, exposure(options.host, options.publicUrl)));
  if (options.sites) lines.push(...siteBannerLines({ store: mock.store.sites, now: Date.now }, base));
  if (mock.demo) {
    lines.push(
      'server.cfg lines for a real FXServer:',
      `  set vote_reward_api_key "${mock.demo.apiKey}"`,
      `  set vote_reward_api_url "${base}"`,
      ...(mock.demoWebhookUrl ? [`  set vote_reward_discord_webhook "${mock.demoWebhookUrl}"`] : []),
      '  ensure vote-reward',
      '  add_ace group.admin command.votereward allow',
      `and in resources/vote-reward/config.json: "voteUrl": "${base}/servers/${mock.demo.serverId}/vote"`,
    );
    if (mock.demoWebhookUrl && options.admin) {
      lines.push(
        `Discord messages sent to the demo webhook: GET ${local}/__admin/webhooks (clear them: DELETE ${local}/__admin/webhooks/messages)`,
      );
    }
  }
  return { mock, lines };
}
