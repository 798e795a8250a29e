/**
 * The built bundle in the simulated FXServer reaching the shared store through the oxmysql resource's exports (the
 * devkit fake over mysql2 on the real MariaDB, called across resources as FXServer calls exports: promises through
 * funcrefs, rejections as text): it prepares the tables at start, shows the network in `votereward status`, and
 * owns and settles a site vote in `vote_reward_claims` when it pays it, and `votereward player` shows the player's
 * shared rows with the server of each.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createOxMySqlFake, type OxMySqlFake } from '../../devkit/network/oxmysql-fake';
import type { E2e } from '../../devkit/worlds/e2e-harness';
import { createE2e } from '../../devkit/worlds/e2e-harness';
import { SITE_EMULATIONS } from '../../mock-server/sites';
import { castOn, control, paid } from '../e2e/sites-world';
import { freshDatabase } from './db';

let e2e: E2e | null = null;
let oxmysql: OxMySqlFake | null = null;
afterEach(async () => {
  await e2e?.close();
  await oxmysql?.close();
  e2e = null;
  oxmysql = null;
});

/** Moves game time while real I/O (the database) completes, until `done` or the limit. */
async function until(w: E2e, done: () => boolean, what: string) {
  for (let i = 0; i < 300 && !done(); i += 1) {
    await w.realWait(20);
    await w.advance(100);
  }
  if (!done()) throw new Error(`timed out waiting for ${what}:\n${w.output().join('\n')}`);
}

describe('the bundle on a network (simulated FXServer, oxmysql resource, real MariaDB)', () => {
  it('prepares the tables, names the network in status, and pays a site vote it owns in the shared table', async () => {
    const url = freshDatabase('bundle');
    const emulation = SITE_EMULATIONS.find((e) => e.kind === 'serveur-prive');
    if (!emulation) throw new Error('no serveur-prive emulation');
    const w = await createE2e({
      framework: 'esx',
      sites: true,
      start: false,
      config: { reward: { type: 'money', amount: 500 }, poll: { enabled: false }, claimCooldownSeconds: 0 },
      configOf: (mockUrl) => ({
        sites: [
          {
            kind: 'serveur-prive',
            id: 'sp',
            voteUrl: 'https://serveur-prive.example/vote',
            baseUrl: `${mockUrl}${emulation.basePath}`,
            rewards: { type: 'money', amount: 200 },
          },
        ],
      }),
      convars: {
        vote_reward_site_sp_key: 'story_key_sp',
        vote_reward_store: 'oxmysql',
        vote_reward_server_id: 'city-1',
      },
    });
    e2e = w;
    await control(w, '/__admin/sites/serveur-prive/key', { key: 'story_key_sp' });
    oxmysql = createOxMySqlFake({ connectionString: url });
    w.server.addFakeResource('oxmysql', oxmysql.definition);
    w.server.start('oxmysql');
    w.server.start('vote-reward');
    await w.started();
    await until(w, () => w.output().some((line) => line.includes('shared store ready')), 'the shared store');
    expect(w.output()).toContain('vote-reward: shared store ready: server city-1, tables at schema 2');

    // Serveur-Privé (check only) gives the vote's time: every server derives the same key for it.
    await castOn(w, 'serveur-prive', 'ip', '203.0.113.5');
    const steve = await w.join('Steve', { before: ['ip:203.0.113.5'] });
    w.type(steve, '/vote');
    await until(w, () => paid(w, steve).includes('money:200'), 'the site vote paid');
    // The row moves to `paid` after the payout, in its own round trip: read it once that statement is back.
    const claimRows = () => oxmysql?.api.query('SELECT claim_key, owner, state FROM vote_reward_claims', []);
    let rows = await claimRows();
    for (let i = 0; i < 100 && JSON.stringify(rows).includes('"paying"'); i += 1) {
      await w.realWait(20);
      await w.advance(100);
      rows = await claimRows();
    }
    expect(rows).toEqual([
      { claim_key: expect.stringMatching(/^s:sp:203\.0\.113\.5:t\d+#1$/), owner: 'city-1', state: 'paid' },
    ]);

    w.console('votereward status');
    await w.advance(100);
    expect(w.output().join('\n')).toContain('Network    oxmysql, server city-1, schema 2');

    // `votereward player`: this server's records, then the player's shared rows with the server of each (a row of
    // another server put in the table as city-2 would have).
    const [row] = (await oxmysql.api.query('SELECT license FROM vote_reward_claims', [])) as {
      license: string;
    }[];
    await oxmysql.api.query(
      `INSERT INTO vote_reward_claims (claim_key, license, owner, state, rev, lease_until, created_ms, updated_ms)
       VALUES ('a:first:x', ?, 'city-2', 'needs_admin', 3, 0, 0, 0)`,
      [row?.license ?? null],
    );
    const before = w.output().length;
    w.console('votereward player Steve');
    await until(
      w,
      () =>
        w
          .output()
          .slice(before)
          .some((line) => line.includes('Network')),
      'the player lines',
    );
    const player = w.output().slice(before).join('\n');
    expect(player).toContain('Steve');
    expect(player).toContain('2 shared vote(s) and award(s), newest first:');
    expect(player).toMatch(/s:sp:203\.0\.113\.5:t\d+#1\s+paid by city-1 \(this server\)/);
    expect(player).toMatch(/a:first:x\s+held for an admin on city-2, 1970-01-01 00:00 UTC/);
  }, 120_000);
});
