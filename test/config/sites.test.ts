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
      sites: [{ ...TRACKY, id: 'seed', keyConvar: 'vote_reward_x_key' }],
      convars: { vote_reward_x_key: 'abcd1234' },
      problem: 'sites[0].id: "seed" names this project\'s API (apiUrl); choose another',
    },
  ])('$what', ({ sites, convars, problem }) => {
    expect(problemsOf({ sites }, convars)).toContain(problem);
  });

  it.each([
    ['a missing key', {}],
    ['a key in the wrong form', { vote_reward_site_topgservers_key: 'live_not_a_tgs_key' }],
  ])('%s does not refuse the config (the site alone is turned off when it is built)', (_what, convars) => {
    expect(load({ sites: [TOPG] }, convars).ok).toBe(true);
  });

  it.each([
    ['rcon_password', "a convar of this resource's own family"],
    ['sv_licenseKey', "a convar of this resource's own family"],
    ['vote_reward_api_key', 'holds another secret'],
    ['VOTE_REWARD_API_KEY', "a convar of this resource's own family"],
    ['vote_reward_DISCORD_webhook', 'holds another secret'],
  ])('keyConvar %s is refused, naming the field', (keyConvar, why) => {
    const problems = problemsOf({ sites: [{ ...TRACKY, keyConvar }] }, { [keyConvar]: 'abcd1234' });
    expect(problems).toEqual([expect.stringMatching(/^sites\[0\]\.keyConvar: /)]);
    expect(problems[0]).toContain(why);
  });

  it.each([
    ['apiUrl', { apiUrl: 'https://live_S3CRETKEY@vote.example/api/v1' }],
    ['apiUrl', { apiUrl: 'https://vote.example/?key=S3CRETKEY' }],
    ['voteUrl', { voteUrl: 'top-serveurs.net/vote?token=S3CRETKEY' }],
    ['sites[0].voteUrl', { sites: [{ ...TRACKY, voteUrl: 'tracky.example/vote?token=S3CRETKEY' }] }],
    ['sites[0].baseUrl', { sites: [{ ...TRACKY, baseUrl: 'api.example/v1?server_token=S3CRETKEY' }] }],
  ])('a secret in %s is not printed by the problem naming it', (field, config) => {
    const problems = problemsOf(config, { vote_reward_site_trackyserver_key: 'abcd1234' });
    expect(problems.some((problem) => problem.startsWith(field))).toBe(true);
    expect(problems.join('\n')).not.toContain('S3CRETKEY');
  });

  it('a valid list loads: ids, key convars, and every site reward bounded with the others', () => {
    const loaded = load(
      {
        sites: [
          { ...TRACKY, identity: 'discord', rewards: { type: 'money', amount: 300 } },
          {
            kind: 'top-server',
            id: 'ts2',
            keyConvar: 'vote_reward_my_key',
            voteUrl: 'https://ts.example/vote',
          },
        ],
        allSites: { reward: { type: 'bank', amount: 1000 } },
      },
      { vote_reward_site_trackyserver_key: 'abcd1234', vote_reward_my_key: 'efgh5678' },
    );
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.config.sites.map(siteIdOf)).toEqual(['trackyserver', 'ts2']);
    expect(loaded.config.sites.map(siteKeyConvarOf)).toEqual([
      'vote_reward_site_trackyserver_key',
      'vote_reward_my_key',
    ]);
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
