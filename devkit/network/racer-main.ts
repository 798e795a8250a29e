/**
 * The racer's side of `racer-process.ts` (what every `devkit/network/*-racer.ts` process runs): waiting for the start
 * line, and the one way a racer ends on an error (its stack on stderr, exit code 1, which the test reports with it).
 */

/** Resolves at the first line on stdin (the test releases every racer together), then stops reading. */
export async function startLine(): Promise<void> {
  await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
  process.stdin.pause();
}

/** Runs a racer's `main`; an error ends the process with its stack on stderr and exit code 1. */
export function runRacer(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
