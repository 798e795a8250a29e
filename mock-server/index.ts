import { CliError, parseCli, startupProblem, USAGE } from './cli';
import { startFromCli } from './startup';

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
  if (process.env.VR_MOCK_SITES === '1') options.sites = true;
  const token = process.env.MOCK_ADMIN_TOKEN || undefined;
  const { mock, lines } = await startFromCli(options, token);
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
  process.stderr.write(`error: ${startupProblem(error)}\n`);
  process.exit(1);
});
