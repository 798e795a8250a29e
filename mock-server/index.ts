import { CliError, parseCli, USAGE } from './cli';
import { demoFilePath, startMockServer } from './server';

function adminLine(enabled: boolean, token: string | undefined, url: string): string {
  if (!enabled) return 'control API: disabled (--no-admin)';
  if (token) return `control API: ${url}/__admin (Authorization: Bearer $MOCK_ADMIN_TOKEN)`;
  return `control API: ${url}/__admin (loopback clients only; set MOCK_ADMIN_TOKEN to require a token)`;
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseCli>;
  try {
    options = parseCli(process.argv.slice(2));
  } catch (error) {
    if (error instanceof CliError) {
      process.stderr.write(`error: ${error.message}\nrun with --help for the list of flags\n`);
      process.exit(2);
    }
    throw error;
  }
  if (options.help) {
    process.stdout.write(USAGE);
    return;
  }
  const token = process.env.MOCK_ADMIN_TOKEN || undefined;
  const mock = await startMockServer({
    port: options.port,
    host: options.host,
    db: options.db,
    seed: options.seed,
    checkMode: options.checkMode,
    rateLimit: options.rateLimit,
    voteCooldownMs: options.voteCooldownMs,
    admin: { enabled: options.admin, token },
  });

  const lines = [`listening on ${mock.url}`];
  lines.push(`database: ${options.db}${options.db === ':memory:' ? ' (discarded on exit)' : ''}`);
  lines.push(
    `check mode: ${options.checkMode}, rate limit: ${options.rateLimit} requests per rolling 60 s per key`,
  );
  if (mock.demo) {
    lines.push(`demo server id: ${mock.demo.serverId}`);
    const where = options.db === ':memory:' ? 'only shown here' : `remembered in ${demoFilePath(options.db)}`;
    lines.push(`demo API key: ${mock.demo.apiKey} (stored hashed in the database; ${where})`);
    const page = `${mock.url}/servers/${mock.demo.serverId}`;
    lines.push(
      `server page: ${page}`,
      `vote page: ${page}/vote (vote with your in-game name, then /vote in game)`,
    );
    if (options.admin)
      lines.push(`owner dashboard: ${mock.url}/dashboard/servers/${mock.demo.serverId}/integrations`);
  }
  lines.push(`OpenAPI: ${mock.url}/openapi.json`, `docs: ${mock.url}/docs`, `health: ${mock.url}/health`);
  lines.push(adminLine(options.admin, token, mock.url));
  if (mock.demo) {
    lines.push(
      'server.cfg lines for a real FXServer:',
      `  set vote_reward_api_key "${mock.demo.apiKey}"`,
      `  set vote_reward_api_url "${mock.url}"`,
      '  ensure vote-reward',
      `and in resources/vote-reward/config.json: "voteUrl": "${mock.url}/servers/${mock.demo.serverId}/vote"`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: finishing in-flight requests, closing the database\n`);
    mock.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`error while stopping: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  const code = (error as { code?: string }).code;
  const message =
    code === 'EADDRINUSE' ? 'the port is already in use; pick another with --port' : String(error);
  process.stderr.write(`error: ${message}\n`);
  process.exit(1);
});
