import { describe, expect, it } from 'vitest';
import { createStore, openDatabase } from '../../mock-server/db';
import { IN_PROCESS_CLIENT } from '../../mock-server/middleware/client-ip';
import { RECENT_VOTES_LIMIT } from '../../mock-server/pages/dashboard-views';
import { createSiteRoutes } from '../../mock-server/pages/routes';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 21, 10, 0);

function setup() {
  const clock = { t: T0 };
  const store = createStore(openDatabase(':memory:'), { now: () => clock.t });
  const server = store.servers.create({ name: 'Horizon', game: 'fivem' });
  const other = store.servers.create({ name: 'Second', game: 'fivem' });
  const app = createSiteRoutes({
    store,
    now: () => clock.t,
    voteCooldownMs: 0,
    admin: { enabled: true },
    clientIp: () => IN_PROCESS_CLIENT,
  });
  const dashboard = async (id: number, query = '') =>
    (await app.request(`http://localhost/dashboard/servers/${id}/integrations${query}`)).text();
  return { clock, store, server, other, dashboard };
}

/** The rows of the recent-votes table: vote id, claimed flag and the text of each cell. */
function voteRows(html: string): Array<{ id: string; claimed: string; cells: string[] }> {
  const body = /<table class="votes">.*?<tbody>(.*?)<\/tbody>/s.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr data-vote-id="([^"]+)" data-claimed="(true|false)">(.*?)<\/tr>/gs)].map(
    ([, id, claimed, row]) => ({
      id: id as string,
      claimed: claimed as string,
      cells: [...(row as string).matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map(([, cell]) =>
        (cell as string)
          .replace(/<[^>]+>/g, '')
          .replace(/\s+/g, ' ')
          .trim(),
      ),
    }),
  );
}

describe('owner dashboard: recent votes', () => {
  it('lists the server’s votes newest first with who, when, and whether and when each was claimed', async () => {
    const { clock, store, server, other, dashboard } = setup();
    store.votes.insert({ serverId: server.id, username: 'Alice' });
    clock.t += 5 * MINUTE;
    store.votes.insert({ serverId: server.id, username: 'Bob' });
    store.votes.insert({ serverId: other.id, username: 'Elsewhere' });
    clock.t += 5 * MINUTE;
    store.votes.claimOldest(server.id, 'alice');

    const rows = voteRows(await dashboard(server.id));
    expect(rows.map((row) => [row.claimed, ...row.cells])).toEqual([
      ['false', 'Bob', '2026-11-21 10:05 UTC', 'Waiting'],
      ['true', 'Alice', '2026-11-21 10:00 UTC', 'Claimed 2026-11-21 10:10 UTC'],
    ]);
  });

  it(`shows at most the last ${RECENT_VOTES_LIMIT} votes`, async () => {
    const { clock, store, server, dashboard } = setup();
    store.votes.insertMany(
      Array.from({ length: RECENT_VOTES_LIMIT + 10 }, (_, i) => ({
        serverId: server.id,
        username: `Player${i}`,
        votedAt: clock.t - (RECENT_VOTES_LIMIT + 10 - i) * MINUTE,
      })),
    );
    const rows = voteRows(await dashboard(server.id));
    expect(rows).toHaveLength(RECENT_VOTES_LIMIT);
    expect(rows[0]?.cells[0]).toBe(`Player${RECENT_VOTES_LIMIT + 9}`);
    expect(rows.at(-1)?.cells[0]).toBe('Player10');
  });

  it('escapes names and drops bidi overrides, so a vote name cannot inject markup or read backwards', async () => {
    const { store, server, dashboard } = setup();
    store.votes.insert({ serverId: server.id, username: '<img src=x onerror=alert(1)>\u202eevil' });
    const html = await dashboard(server.id);
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('\u202e');
    expect(html).toContain('<bdi>&lt;img src=x onerror=alert(1)&gt;evil</bdi>');
  });

  it.each([
    ['', 'Recent votes', 'No vote for this server yet.'],
    ['?lang=fr', 'Votes récents', 'Aucun vote pour ce serveur pour l’instant.'],
  ])('says when there is no vote yet (%s)', async (query, title, empty) => {
    const { server, dashboard } = setup();
    const html = await dashboard(server.id, query);
    expect(html).toContain(title);
    expect(html).toContain(empty);
    expect(voteRows(html)).toEqual([]);
  });
});
