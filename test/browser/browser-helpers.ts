import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { checkedFetch } from '../mock/sockets-helpers';

/** Debian's Chromium; `BROWSER_TEST_CHROMIUM` points elsewhere (used to check the skip and CI paths). */
export const CHROMIUM = process.env.BROWSER_TEST_CHROMIUM || '/usr/bin/chromium';
/** Flags for a headless Chromium in a container, with no traffic of its own. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Whether the browser tests can run here. */
export const hasChromium = existsSync(CHROMIUM);

const ROOT = new URL('../../', import.meta.url).pathname;

/** A mock CLI process and the base URL it printed. */
export interface MockProcess {
  /** The process. */
  child: ChildProcess;
  /** `http://127.0.0.1:<port>`. */
  base: string;
}

/** Starts the real mock CLI on a free port with an empty in-memory database and the given extra flags. */
export async function startMock(flags: string[] = []): Promise<MockProcess> {
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
      'mock-server/index.ts',
      '--port',
      '0',
      '--db',
      ':memory:',
      '--seed',
      'none',
      ...flags,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, MOCK_ADMIN_TOKEN: '' } },
  );
  let output = '';
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`mock did not start in 30 s:\n${output}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`mock exited with ${code}:\n${output}`));
    });
  });
  return { child, base };
}

/** Stops a mock started by `startMock` and waits for it to exit. */
export async function stopMock(mock: MockProcess | undefined): Promise<void> {
  if (mock?.child.exitCode !== null || !mock) return;
  const exited = new Promise((resolve) => mock.child.once('exit', resolve));
  mock.child.kill('SIGTERM');
  await exited;
}

/** POSTs JSON to the mock's control API and returns the parsed answer (throws on a non-2xx or a contract break). */
export async function control<T>(base: string, path: string, body: unknown): Promise<T> {
  const res = await checkedFetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
