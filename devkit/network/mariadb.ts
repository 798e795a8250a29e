/**
 * A real MariaDB server for the network tests: Debian's `mariadb-server` binaries (`mariadb-install-db`, `mariadbd`),
 * a data folder in memory (/dev/shm) or a temp directory, a free loopback port. Started by the `network` test project's global setup (one
 * server for the whole run) and by tests that stop and restart a database of their own mid-claim.
 */

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../free-port';

/** A running (or stopped) MariaDB. */
export interface MariaDb {
  readonly port: number;
  readonly dataDir: string;
  /** `mysql://root@127.0.0.1:<port>/<database>`: the form oxmysql reads from `mysql_connection_string`. */
  url(database: string): string;
  /** Creates `database` when missing (through the `mariadb` client). */
  createDatabase(database: string): void;
  /** Stops the server abruptly (SIGKILL): what a crashed or unplugged database looks like to its clients. */
  kill(): Promise<void>;
  /** Starts it again over the same data and port. */
  restart(): Promise<void>;
  /** Stops it and removes its data. */
  destroy(): Promise<void>;
}

const BINARIES = ['mariadb-install-db', 'mariadbd', 'mariadb'];

/** Why MariaDB cannot start here, or null: the binaries Debian's `mariadb-server` installs. */
export function missingMariaDb(): string | null {
  const missing = BINARIES.filter((name) => {
    try {
      execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
  return missing.length === 0
    ? null
    : `${missing.join(', ')} not found: install Debian's mariadb-server (apt-get install mariadb-server), as .ci/run does`;
}

/** A writable in-memory folder (tmpfs), or null. */
function memoryFolder(): string | null {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return null;
  }
}

/** Installs a fresh data folder and starts `mariadbd` on it; resolves once it accepts connections. */
export async function startMariaDb(): Promise<MariaDb> {
  const missing = missingMariaDb();
  if (missing !== null) throw new Error(missing);
  // The data folder lives in memory where the system has one (Linux's /dev/shm): a test database is thrown away, and
  // on a disk every CREATE TABLE and commit waits for the disk to sync (the network tests spent about a third of their
  // time there). Everything else is the real server, which still writes and syncs as it would on a disk.
  const dataDir = mkdtempSync(join(memoryFolder() ?? tmpdir(), 'vr-mariadb-'));
  const data = join(dataDir, 'data');
  const socket = join(dataDir, 'mariadb.sock');
  execFileSync(
    'mariadb-install-db',
    [
      '--no-defaults',
      `--user=${process.getuid?.() === 0 ? 'root' : (process.env.USER ?? 'root')}`,
      `--datadir=${data}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
    ],
    { stdio: 'ignore' },
  );
  const port = await freePort();
  let child: ChildProcess | null = null;

  const client = (sql: string) =>
    execFileSync('mariadb', ['--no-defaults', `--socket=${socket}`, '-uroot', '-e', sql], { stdio: 'pipe' });

  const start = async () => {
    rmSync(socket, { force: true });
    child = spawn(
      'mariadbd',
      [
        '--no-defaults',
        `--user=${process.getuid?.() === 0 ? 'root' : (process.env.USER ?? 'root')}`,
        `--datadir=${data}`,
        `--port=${port}`,
        '--bind-address=127.0.0.1',
        `--socket=${socket}`,
        `--pid-file=${join(dataDir, 'mariadb.pid')}`,
        `--log-error=${join(dataDir, 'error.log')}`,
        '--innodb-buffer-pool-size=16M',
        '--innodb-log-file-size=8M',
        '--skip-log-bin',
        // Each commit reaches the OS, not the disk: a killed mariadbd loses nothing, and tests stay quick on slow disks.
        '--innodb-flush-log-at-trx-commit=2',
        '--max-connections=400',
      ],
      { stdio: 'ignore' },
    );
    const started = Date.now();
    for (;;) {
      if (existsSync(socket)) {
        try {
          client('SELECT 1');
          return;
        } catch {
          // not yet accepting
        }
      }
      if (child.exitCode !== null)
        throw new Error(`mariadbd exited with ${child.exitCode}; see ${dataDir}/error.log`);
      if (Date.now() - started > 60_000)
        throw new Error(`mariadbd did not start in 60 s; see ${dataDir}/error.log`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };

  await start();
  return {
    port,
    dataDir,
    url: (database) => `mysql://root@127.0.0.1:${port}/${database}`,
    createDatabase: (database) => {
      client(`CREATE DATABASE IF NOT EXISTS \`${database}\``);
    },
    kill: stop,
    restart: start,
    async destroy() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
