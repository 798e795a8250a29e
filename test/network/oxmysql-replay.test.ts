/**
 * The devkit fake answers as the real oxmysql does: oxmysql's own code (overextended/oxmysql@030d3bd, built from
 * source by `tools/oxmysql/record.ts` and run in the simulated FXServer on a real MariaDB) answered the probes of
 * `tools/oxmysql/probes.ts`; its answers are committed in `devkit/network/oxmysql-answers.json`. Here the fake, as
 * the `oxmysql` resource of the same simulated FXServer, answers the same probes on a fresh database: every value and
 * every rejection text must be the same.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFxServer } from '../../devkit/fxserver';
import { createOxMySqlFake } from '../../devkit/network/oxmysql-fake';
import { type ProbeAnswer, runProbes, withoutDatabaseName } from '../../tools/oxmysql/probes';
import { freshDatabase } from './db';

const recorded = JSON.parse(readFileSync('devkit/network/oxmysql-answers.json', 'utf8')) as {
  oxmysql: string;
  answers: ProbeAnswer[];
};

describe('the oxmysql fake replays the real oxmysql', () => {
  it(`answers every probe as ${recorded.oxmysql} did`, async () => {
    const fake = createOxMySqlFake({ connectionString: freshDatabase('replay') });
    const server = createFxServer({ dataDir: mkdtempSync(join(tmpdir(), 'oxmysql-replay-')), clock: 'real' });
    try {
      server.addFakeResource('oxmysql', fake.definition);
      let answers: ProbeAnswer[] | null = null;
      server.addFakeResource('vote-reward', {
        flavor: 'js',
        setup(g) {
          void (async () => {
            await g.exports.oxmysql.awaitConnection();
            answers = await runProbes(g.exports.oxmysql);
          })();
        },
      });
      server.start('oxmysql');
      server.start('vote-reward');
      await server.until(() => answers !== null, { timeoutMs: 30_000 });
      expect((answers ?? []).map(withoutDatabaseName)).toEqual(recorded.answers);
    } finally {
      server.kill();
      await fake.close();
    }
  });
});
