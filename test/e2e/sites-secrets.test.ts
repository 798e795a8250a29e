/**
 * Site keys and secret settings, end to end (the built bundle in the simulated FXServer with ESX, against the real
 * mock): nothing the resource prints quotes a site key, whole or in part, even when a site's answer echoes the request
 * or a URL setting holds a token; and a site whose key is missing or in the wrong form is turned off alone, with one
 * line naming its convar, while the seed vote keeps paying.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type RawHttpServer, rawAnswer, startRawHttpServer } from '../../devkit/fakes/raw-http-server';
import { createE2e, type E2e, RESOURCE } from '../../devkit/worlds/e2e-harness';
import { SITE_EMULATIONS } from '../../mock-server/sites';

const THANKS = 'Thanks for voting! You received 500$ in cash.';
/** A serveur-prive-like token: long, so a 40-character quote of a page echoing the path cuts it in the middle. */
const TOKEN = 'Sp7rKq9XvLmN3wYz8TbQ4hJdQ2';
const SECRET = 'S3CRETx9Qv';
const PLAYER_IP = '203.0.113.5';

let world: E2e | null = null;
let raw: RawHttpServer | null = null;
afterEach(async () => {
  await world?.close();
  await raw?.close();
  world = null;
  raw = null;
});

const basePathOf = (kind: string) => {
  const emulation = SITE_EMULATIONS.find((e) => e.kind === kind);
  if (!emulation) throw new Error(`no emulation of ${kind}`);
  return emulation.basePath;
};

/** Boots ESX paying 500 cash a seed vote, with `sites` (given the mock's URL) and `convars`; one seed vote for Steve. */
async function boot(
  sites: (mockUrl: string) => Record<string, unknown>[],
  convars: Record<string, string>,
  config: Record<string, unknown> = {},
): Promise<E2e> {
  const w = await createE2e({
    framework: 'esx',
    start: false,
    config: {
      reward: { type: 'money', amount: 500 },
      poll: { enabled: false },
      claimCooldownSeconds: 0,
      ...config,
    },
    configOf: (mockUrl) => ({ sites: sites(mockUrl) }),
    convars,
  });
  world = w;
  await w.vote('Steve');
  w.server.start(RESOURCE);
  await w.advance(2000);
  return w;
}

/** Every console line holding the secret or a 6-character piece of it. */
function leaks(w: E2e, secret: string): string[] {
  const pieces = Array.from({ length: secret.length - 5 }, (_, at) => secret.slice(at, at + 6).toLowerCase());
  return w.consoleLines().filter((line) => pieces.some((piece) => line.toLowerCase().includes(piece)));
}

describe('a site answer that echoes the request', () => {
  it('is quoted without any part of the key (serveur-prive, token in the path), and the seed vote pays', async () => {
    raw = await startRawHttpServer((request) =>
      rawAnswer(200, [['content-type', 'text/plain']], `Cannot GET ${request.url}`),
    );
    const server = raw;
    const w = await boot(
      () => [
        {
          kind: 'serveur-prive',
          voteUrl: 'https://serveur-prive.example/vote',
          baseUrl: `${server.baseUrl}/api/v1`,
        },
      ],
      { vote_reward_site_serveur_prive_key: TOKEN },
    );
    const steve = await w.join('Steve', { before: [`ip:${PLAYER_IP}`] });
    w.type(steve, '/vote');
    await w.advance(5000);
    expect(server.requests.map((request) => request.url)).toContain(
      `/api/v1/servers/${TOKEN}/votes/${PLAYER_IP}`,
    );
    expect(w.consoleLines().filter((line) => line.includes('not JSON'))).toEqual([
      expect.stringContaining(
        'site serveur_prive: serveur-prive.net: HTTP 200: not JSON: "Cannot GET /api/v1/servers/****/',
      ),
    ]);
    expect(leaks(w, TOKEN)).toEqual([]);
    expect(w.messages(steve)[0]).toBe(THANKS);
  });
});

describe('a site key that is missing or in the wrong form', () => {
  it.each([
    [
      'no key convar',
      {},
      'vote-reward: site trackyserver (Trackyserver) is off: its key is missing; put `set vote_reward_site_trackyserver_key "<the key from Trackyserver>"` in server.cfg',
    ],
    [
      'a key the key-form check refuses',
      { vote_reward_site_trackyserver_key: 'abc.def-123' },
      'vote-reward: site trackyserver (Trackyserver) is off: vote_reward_site_trackyserver_key (set in server.cfg): the key is not a plain token',
    ],
  ])(
    '%s turns that site off with one line naming the convar; the seed vote pays',
    async (_what, convars, line) => {
      const w = await boot(
        (mockUrl) => [
          {
            kind: 'trackyserver',
            voteUrl: 'https://trackyserver.example/vote',
            baseUrl: `${mockUrl}${basePathOf('trackyserver')}`,
          },
        ],
        convars,
      );
      expect(w.output()).toContain(line);
      expect(w.output().some((l) => l.includes('not started'))).toBe(false);
      expect(leaks(w, 'abc.def-123')).toEqual([]);
      const steve = await w.join('Steve');
      w.type(steve, '/vote');
      await w.advance(5000);
      expect(w.messages(steve)).toEqual([THANKS]);
      expect(w.ledger(steve).map((entry) => `${entry.name}:${entry.amount}`)).toEqual(['money:500']);
    },
  );
});

describe('URL settings holding a secret', () => {
  it('a site baseUrl with ?server_token= turns the site off without printing the token; the seed vote pays', async () => {
    const w = await boot(
      (mockUrl) => [
        {
          kind: 'serveur-prive',
          voteUrl: 'https://serveur-prive.example/vote',
          baseUrl: `${mockUrl}${basePathOf('serveur-prive')}?server_token=${SECRET}`,
        },
      ],
      { vote_reward_site_serveur_prive_key: 'abcd1234' },
    );
    expect(
      w.output().filter((line) => line.includes('site serveur_prive (serveur-prive.net) is off')),
    ).toEqual([
      expect.stringContaining('sites.serveur-prive.baseUrl: expected an http(s) URL without query'),
    ]);
    expect(leaks(w, SECRET)).toEqual([]);
    const steve = await w.join('Steve');
    w.type(steve, '/vote');
    await w.advance(5000);
    expect(w.messages(steve)).toEqual([THANKS]);
  });

  it.each([
    [
      'an apiUrl with the key as userinfo',
      { apiUrl: `https://live_${SECRET}@vote.example/api/v1` },
      'apiUrl: ',
    ],
    [
      'a site voteUrl without a scheme, with a token',
      {},
      'sites[0].voteUrl: ',
      () => [{ kind: 'top-serveurs', voteUrl: `top-serveurs.net/vote?token=${SECRET}` }],
    ],
  ])('%s is refused at start, named, and never printed', async (_what, config, field, sites = () => []) => {
    const w = await boot(sites, { vote_reward_site_top_serveurs_key: 'abcd1234' }, config);
    expect(w.output().some((line) => line.includes(field))).toBe(true);
    expect(leaks(w, SECRET)).toEqual([]);
  });
});

describe("a site's own timeout", () => {
  /** Boots with a top-server.net whose address accepts connections and never answers, with `timeoutMs` when given. */
  async function hanging(timeoutMs?: number): Promise<E2e> {
    raw = await startRawHttpServer(() => () => undefined);
    const server = raw;
    return boot(
      () => [
        {
          kind: 'top-server',
          voteUrl: 'https://top-server.example/vote',
          baseUrl: server.baseUrl,
          ...(timeoutMs === undefined ? {} : { timeoutMs }),
        },
      ],
      { vote_reward_site_top_server_key: 'abcd1234' },
    );
  }

  it.each([
    ['its timeoutMs (1500)', 1500, 1000, 1000],
    [`the default (${5000})`, undefined, 4000, 2000],
  ])(
    'a /vote waits for a site that never answers until %s, then the player hears it',
    async (_what, timeoutMs, before, after) => {
      const w = await hanging(timeoutMs);
      const steve = await w.join('Steve');
      w.type(steve, '/vote');
      await w.advance(before);
      expect(raw?.requests.map((request) => request.url.split('?')[0])).toEqual(['/api/v1/vote/check']);
      const heardBefore = w.messages(steve).length;
      await w.advance(after);
      expect(w.messages(steve).length).toBeGreaterThan(heardBefore);
      expect(w.messages(steve).some((line) => line.includes('Top-Server'))).toBe(true);
      expect(w.ledger(steve).map((entry) => `${entry.name}:${entry.amount}`)).toEqual(['money:500']);
    },
  );
});

describe('per-site settings in votereward status verbose', () => {
  it("shows each site's timeout and vote window, the window said to be a guess where the site publishes none", async () => {
    const w = await boot(
      (mockUrl) => [
        {
          kind: 'top-server',
          voteUrl: 'https://top-server.example/vote',
          baseUrl: `${mockUrl}${basePathOf('top-server')}`,
          timeoutMs: 2500,
          voteWindowHours: 12,
        },
        {
          kind: 'trackyserver',
          voteUrl: 'https://trackyserver.example/vote',
          baseUrl: `${mockUrl}${basePathOf('trackyserver')}`,
        },
      ],
      { vote_reward_site_top_server_key: 'abcd1234', vote_reward_site_trackyserver_key: 'abcd1234' },
    );
    w.console('votereward status verbose');
    await w.advance(100);
    const lines = w.output().filter((line) => line.includes('  Site  '));
    expect(lines).toEqual([
      expect.stringMatching(
        /top_server: .*; timeout 2500 ms; vote window 12 h \(guessed; voteWindowHours changes it\)$/,
      ),
      expect.stringMatching(/trackyserver: .*; timeout 5000 ms; vote window 24 h$/),
    ]);
  });
});
