/**
 * The `sites` list and the `allSites` bonus in config.json: each problem named with the fix (a near-miss kind with the
 * kind meant, a missing key by its convar with the `set` line to paste), and no `sites` exactly today's config.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig, possibleRewardsOf } from '../../src/config/load';
import { siteIdOf, siteKeyConvarOf } from '../../src/config/sites';

const base = {
  apiUrl: 'https://votes.example',
  apiKey: 'live_abcdefgh12345678',
  voteUrl: 'https://votes.example/v',
};
const TRACKY = { kind: 'trackyserver', voteUrl: 'https://tracky.example/vote' };
const TOPG = { kind: 'topgservers', voteUrl: 'https://topg.example/vote' };

const load = (config: Record<string, unknown>, convars: Record<string, string> = {}) =>
  loadConfig({ text: JSON.stringify({ ...base, ...config }), convar: (name) => convars[name] ?? null });

const problemsOf = (config: Record<string, unknown>, convars: Record<string, string> = {}) => {
  const loaded = load(config, convars);
  return loaded.ok ? [] : loaded.problems;
};

interface Case {
  what: string;
  sites: Record<string, unknown>[];
  convars: Record<string, string>;
  problem: string;
}

describe('sites in config.json', () => {
  it("no sites: the config is today's, nothing more to pay or check", () => {
    const loaded = load({});
    expect(loaded.ok && loaded.config.sites).toEqual([]);
    expect(loaded.ok && possibleRewardsOf(loaded.config)).toEqual([{ type: 'money', amount: 500 }]);
  });

  it.each<Case>([
    {
      what: 'a near-miss kind names the kind meant and the known ones',
      sites: [{ ...TRACKY, kind: 'trakyserver' }],
      convars: {},
      problem:
        'sites[0].kind: expected one of "top-serveurs", "trackyserver", "serveur-prive", "top-server", "topgservers", got "trakyserver"; did you mean "trackyserver"?',
    },
    {
      what: 'a missing key is named by its convar, with the line to paste',
      sites: [TRACKY],
      convars: {},
      problem:
        'sites[0] (Trackyserver): its key is missing; put `set vote_reward_site_trackyserver_key "<the key from Trackyserver>"` in server.cfg',
    },
    {
      what: 'a key in the wrong form is named by its convar, never printed',
      sites: [TOPG],
      convars: { vote_reward_site_topgservers_key: 'live_not_a_tgs_key' },
      problem:
        'vote_reward_site_topgservers_key (set in server.cfg, for sites[0], TopGServers): the key does not start with tgs_',
    },
    {
      what: 'two entries with one name',
      sites: [TRACKY, TRACKY],
      convars: { vote_reward_site_trackyserver_key: 'abcd1234' },
      problem:
        'sites[1]: a second site named "trackyserver" (sites[0] has it); give one of them another "id"',
    },
    {
      what: 'two names reading one key convar',
      sites: [TRACKY, { ...TRACKY, id: 'tracky2', keyConvar: 'vote_reward_site_trackyserver_key' }],
      convars: { vote_reward_site_trackyserver_key: 'abcd1234' },
      problem:
        'sites[1].keyConvar: sites[0] reads its key from vote_reward_site_trackyserver_key too; each site has its own key',
    },
    {
      what: 'an identity the site does not take',
      sites: [{ ...TRACKY, identity: 'name' }],
      convars: { vote_reward_site_trackyserver_key: 'abcd1234' },
      problem: 'sites[0].identity: Trackyserver takes "steam64" or "discord", got "name"',
    },
    {
      what: 'the seed as a site (it is apiUrl)',
      sites: [{ ...TRACKY, id: 'seed', keyConvar: 'x_key' }],
      convars: { x_key: 'abcd1234' },
      problem: 'sites[0].id: "seed" names this project\'s API (apiUrl); choose another',
    },
  ])('$what', ({ sites, convars, problem }) => {
    expect(problemsOf({ sites }, convars)).toContain(problem);
  });

  it('a valid list loads: ids, key convars, and every site reward bounded with the others', () => {
    const loaded = load(
      {
        sites: [
          { ...TRACKY, identity: 'discord', rewards: { type: 'money', amount: 300 } },
          { kind: 'top-server', id: 'ts2', keyConvar: 'my_key', voteUrl: 'https://ts.example/vote' },
        ],
        allSites: { reward: { type: 'bank', amount: 1000 } },
      },
      { vote_reward_site_trackyserver_key: 'abcd1234', my_key: 'efgh5678' },
    );
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.config.sites.map(siteIdOf)).toEqual(['trackyserver', 'ts2']);
    expect(loaded.config.sites.map(siteKeyConvarOf)).toEqual(['vote_reward_site_trackyserver_key', 'my_key']);
    expect(possibleRewardsOf(loaded.config)).toEqual([
      { type: 'money', amount: 500 },
      { type: 'money', amount: 300 },
      { type: 'bank', amount: 1000 },
    ]);
  });

  it('a wrong allSites reward turns the bonus off alone when programs are optional', () => {
    const loaded = loadConfig(
      {
        text: JSON.stringify({
          ...base,
          sites: [TRACKY],
          allSites: { reward: { type: 'money', amount: -5 } },
        }),
        convar: (name) => (name === 'vote_reward_site_trackyserver_key' ? 'abcd1234' : null),
      },
      { optionalPrograms: true },
    );
    expect(loaded.ok && loaded.disabled?.map((d) => d.program)).toEqual(['allSites']);
    expect(loaded.ok && loaded.config.allSites.reward).toBe(null);
  });
});
