/**
 * Building the configured sites: a site whose key or settings are unusable is turned off alone with one line naming
 * the convar or setting, the others are built; the owner's per-site settings (timeout, window, request budget) reach
 * the adapter; a 429's `Retry-After` pauses a site 10 minutes at most; and what a site answers is printed redacted.
 */
import { describe, expect, it } from 'vitest';
import { createFakeRuntime } from '../../devkit/fakes/runtime';
import { createScriptedTransport } from '../../devkit/fakes/scripted-transport';
import { loadConfig } from '../../src/config/load';
import { buildSites } from '../../src/multisite/build';
import { MAX_SITE_RETRY_AFTER_MS } from '../../src/sites/http';
import { DEFAULT_SITE_TIMEOUT_MS } from '../../src/sites/types';

const base = {
  apiUrl: 'https://votes.example',
  apiKey: 'live_abcdefgh12345678',
  voteUrl: 'https://votes.example/v',
};
const TRACKY = { kind: 'trackyserver', voteUrl: 'https://tracky.example/vote' };
const TOPG = { kind: 'topgservers', voteUrl: 'https://topg.example/vote' };
const TOP_SERVER = { kind: 'top-server', voteUrl: 'https://ts.example/vote' };

function build(sites: Record<string, unknown>[], convars: Record<string, string>) {
  const runtime = createFakeRuntime();
  for (const [name, value] of Object.entries(convars)) runtime.convars.set(name, value);
  const loaded = loadConfig({ text: JSON.stringify({ ...base, sites }), convar: runtime.convar });
  if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
  const transport = createScriptedTransport({ status: 200, body: '0' });
  const built = buildSites(loaded.config, runtime, transport);
  const errors = runtime.logs
    .filter((line) => line.level === 'error')
    .map((line) => line.message.replace(/^vote-reward: /, ''));
  return { built, errors, transport, runtime };
}

describe('buildSites', () => {
  it.each([
    [
      'a missing key',
      {},
      'site topgservers (TopGServers) is off: its key is missing; put `set vote_reward_site_topgservers_key "<the key from TopGServers>"` in server.cfg',
    ],
    [
      'a key failing the key-form check',
      { vote_reward_site_topgservers_key: 'live_not_a_tgs_key' },
      'site topgservers (TopGServers) is off: vote_reward_site_topgservers_key (set in server.cfg): the key does not start with tgs_',
    ],
  ])(
    '%s turns that site off with a line naming the convar; the other site is built',
    (_what, convars, line) => {
      const { built, errors } = build([TOPG, TRACKY], {
        vote_reward_site_trackyserver_key: 'abcd1234',
        ...convars,
      });
      expect(built.map((site) => site.id)).toEqual(['trackyserver']);
      expect(errors).toEqual([line]);
    },
  );

  it('gives each site its own timeout: the setting, else the documented default', async () => {
    const { built, transport } = build([TRACKY, { ...TOPG, timeoutMs: 1500 }], {
      vote_reward_site_trackyserver_key: 'abcd1234',
      vote_reward_site_topgservers_key: 'tgs_abcd1234',
    });
    expect(built.map((site) => [site.id, site.timeoutMs])).toEqual([
      ['trackyserver', DEFAULT_SITE_TIMEOUT_MS],
      ['topgservers', 1500],
    ]);
    for (const site of built) await site.adapter.check('76561198000000001', { priority: 'poll' });
    expect(transport.requests.map((request) => request.timeoutMs)).toEqual([DEFAULT_SITE_TIMEOUT_MS, 1500]);
  });

  it("takes a window for a site that publishes none (top-server's guess is 24 h)", () => {
    const key = { vote_reward_site_top_server_key: 'abcd1234' };
    expect(build([TOP_SERVER], key).built[0]?.adapter.voteWindowMs).toBe(24 * 3_600_000);
    expect(build([{ ...TOP_SERVER, voteWindowHours: 12 }], key).built[0]?.adapter.voteWindowMs).toBe(
      12 * 3_600_000,
    );
  });

  it('turns off a site given a window it publishes, naming the setting', () => {
    const { built, errors } = build([{ ...TRACKY, voteWindowHours: 12 }], {
      vote_reward_site_trackyserver_key: 'abcd1234',
    });
    expect(built).toEqual([]);
    expect(errors).toEqual([
      'site trackyserver (Trackyserver) is off: voteWindowHours: Trackyserver publishes its vote window (24 h); remove the setting',
    ]);
  });

  it('sizes the budget from requestsPerMinute, never above a published limit', () => {
    const tracky = { vote_reward_site_trackyserver_key: 'abcd1234' };
    expect(build([{ ...TRACKY, requestsPerMinute: 7 }], tracky).built[0]?.budget.snapshot().limit).toBe(7);
    expect(build([{ ...TRACKY, requestsPerMinute: 90 }], tracky).built[0]?.budget.snapshot().limit).toBe(90);
    const topg = build([{ ...TOPG, requestsPerMinute: 600 }], {
      vote_reward_site_topgservers_key: 'tgs_abcd1234',
    });
    expect(topg.built).toEqual([]);
    expect(topg.errors).toEqual([
      'site topgservers (TopGServers) is off: requestsPerMinute: TopGServers allows 120 requests a minute; set at most 120, got 600',
    ]);
  });

  it(`pauses a site answering 429 with a huge Retry-After ${MAX_SITE_RETRY_AFTER_MS / 60_000} minutes at most`, async () => {
    const { built, transport } = build([TRACKY], { vote_reward_site_trackyserver_key: 'abcd1234' });
    const site = built[0];
    if (!site) throw new Error('not built');
    transport.answer({ status: 429, body: '', headers: { 'retry-after': '999999999' } });
    const outcome = await site.adapter.check('76561198000000001', { priority: 'claim' });
    expect(outcome).toMatchObject({ kind: 'rate_limited', retryAfterMs: MAX_SITE_RETRY_AFTER_MS });
    const peek = site.budget.peek('claim');
    expect(peek.ok ? 0 : peek.waitMs).toBe(MAX_SITE_RETRY_AFTER_MS);
  });

  it("hands out outcomes redacted of the site's key, whatever the adapter quoted", async () => {
    const token = 'Sp7rKq9XvLmN3wYz8TbQ4hJd';
    const { built, transport } = build([{ kind: 'top-serveurs', voteUrl: 'https://t.example/vote' }], {
      vote_reward_site_top_serveurs_key: token,
    });
    const site = built[0];
    if (site?.adapter.claimModel !== 'claim_then_reward') throw new Error('Top-Serveurs by name claims');
    transport.answer({ status: 403, body: JSON.stringify({ error: token }) });
    expect(await site.adapter.claim('Steve', { priority: 'claim' })).toEqual({
      kind: 'bad_key',
      detail: 'Top-Serveurs: HTTP 403 **** (server token refused)',
    });
  });
});
