/** Helpers of the network tests: a fresh database on the run's MariaDB for each test. */
import { execFileSync } from 'node:child_process';
import { inject } from 'vitest';

let counter = 0;

/** A fresh, empty database on the run's MariaDB; answers its `mysql_connection_string`. */
export function freshDatabase(label: string): string {
  counter += 1;
  const name = `vr_${label.replace(/[^a-z0-9]/gi, '_')}_${process.pid}_${counter}`;
  const port = inject('mariadbPort');
  execFileSync('mariadb', [
    '--no-defaults',
    '-h127.0.0.1',
    `-P${port}`,
    '-uroot',
    '-e',
    `CREATE DATABASE \`${name}\``,
  ]);
  return `mysql://root@127.0.0.1:${port}/${name}`;
}
