/**
 * Records oxmysql's real answers: oxmysql built from its source at the pinned commit (a git-ignored `.oxmysql/`, see
 * the README beside this file) runs in the simulated FXServer on a real MariaDB; a probe resource calls each export of
 * `probes.ts` across resources, as vote-reward does, and the answers (value or rejection text) are written to
 * `devkit/network/oxmysql-answers.json`, which CI replays against the devkit fake. `npx tsx tools/oxmysql/record.ts`.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFxServer } from '../../devkit/fxserver';
import { startMariaDb } from '../../devkit/network/mariadb';
import { type ProbeAnswer, runProbes, withoutDatabaseName } from './probes';

const COMMIT = '030d3bda11098fc4a78f1940545b674c374daa45';

async function main() {
  const db = await startMariaDb();
  try {
    db.createDatabase('probe');
    const server = createFxServer({
      dataDir: mkdtempSync(join(tmpdir(), 'oxmysql-rec-')),
      clock: 'real',
      console: (line) => console.log(line),
    });
    server.setConvar('mysql_connection_string', db.url('probe'));
    server.setConvar('mysql_versioncheck', '0');
    server.addResourceFolder('oxmysql', join(process.cwd(), '.oxmysql/resource'));
    let answers: ProbeAnswer[] = [];
    let done = false;
    server.addFakeResource('vote-reward', {
      flavor: 'js',
      setup(g) {
        void (async () => {
          while (g.GetResourceState('oxmysql') !== 'started') await new Promise((r) => setTimeout(r, 50));
          await g.exports.oxmysql.awaitConnection();
          answers = await runProbes(g.exports.oxmysql);
          done = true;
        })();
      },
    });
    server.start('oxmysql');
    server.start('vote-reward');
    await server.until(() => done, { timeoutMs: 60_000 });
    writeFileSync(
      'devkit/network/oxmysql-answers.json',
      `${JSON.stringify({ oxmysql: `overextended/oxmysql@${COMMIT}`, mysql2: '3.22.4 (unpatched)', database: 'MariaDB 10.11', answers: answers.map(withoutDatabaseName) }, null, 2)}\n`,
    );
    server.kill();
  } finally {
    await db.destroy();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
