import { describe, expect, it } from 'vitest';
import { CONFIG_PROBLEMS_TITLE, loadConfig } from '../../src/config/load';

const KEY = 'live_0123456789abcdef0123456789abcdef';
const load = (config: Record<string, unknown>, convars: Record<string, string> = {}) =>
  loadConfig({ text: JSON.stringify(config), convar: (name) => convars[name] ?? null });

describe('a problem names the place its value came from', () => {
  it.each([
    [
      'vote_reward_api_url ending in /api/v1, set in server.cfg',
      { apiKey: KEY, apiUrl: 'https://your-listing-site.example' },
      { vote_reward_api_url: 'https://votes.example/api/v1' },
      'not started, server.cfg has problems:',
      [
        'vote_reward_api_url (set in server.cfg) is the site root; remove /api/v1 (got "https://votes.example/api/v1", use "https://votes.example")',
      ],
    ],
    [
      'the same mistake in config.json',
      { apiKey: KEY, apiUrl: 'https://votes.example/api/v1' },
      {},
      undefined,
      [
        'apiUrl is the site root; remove /api/v1 (got "https://votes.example/api/v1", use "https://votes.example")',
      ],
    ],
    [
      'vote_reward_api_url that is not a URL',
      { apiKey: KEY, apiUrl: 'https://votes.example' },
      { vote_reward_api_url: 'votes.example' },
      'not started, server.cfg has problems:',
      ['vote_reward_api_url (set in server.cfg): expected an http(s) URL, got "votes.example"'],
    ],
    [
      'vote_reward_api_url still the placeholder',
      { apiKey: KEY },
      { vote_reward_api_url: 'https://your-listing-site.example' },
      'not started, server.cfg has problems:',
      [
        'vote_reward_api_url (set in server.cfg): set it to your listing site\'s address (it is still the placeholder "https://your-listing-site.example")',
      ],
    ],
    [
      'vote_reward_api_key still the README placeholder',
      { apiUrl: 'https://votes.example' },
      { vote_reward_api_key: 'live_your_key_here' },
      'not started, server.cfg has problems:',
      [
        'vote_reward_api_key (set in server.cfg): set it to the key from your listing site\'s Integrations page (it is still the placeholder "live_your_key_here")',
      ],
    ],
    [
      'the key placeholder in config.json',
      { apiUrl: 'https://votes.example', apiKey: 'live_your_key_here' },
      {},
      undefined,
      [
        'apiKey: set `vote_reward_api_key` in server.cfg to the key from your listing site\'s Integrations page (it is still the placeholder "live_your_key_here")',
      ],
    ],
    [
      'a key with a space in server.cfg and a bad locale in config.json',
      {
        apiUrl: 'https://votes.example',
        locale: 'en',
        voteUrl: 'https://your-listing-site.example/servers/YOUR_SERVER_ID/vote',
      },
      { vote_reward_api_key: 'live_0123456789abcdef 0123456789abcdef' },
      'not started, server.cfg and config.json have problems:',
      [
        'vote_reward_api_key (set in server.cfg): expected a key without spaces, got live_****cdef',
        'voteUrl: set voteUrl in config.json to your server\'s vote page on your listing site (it is still the placeholder "https://your-listing-site.example/servers/YOUR_SERVER_ID/vote")',
      ],
    ],
  ])('%s', (_label, config, convars, title, problems) => {
    const result = load(config, convars);
    expect(result).toEqual({ ok: false, problems, ...(title ? { title } : {}) });
    expect(!result.ok && (result.title ?? CONFIG_PROBLEMS_TITLE)).toBe(
      title ?? 'not started, config.json has problems:',
    );
  });

  it('a good convar wins over a bad config.json value without a problem', () => {
    const result = load(
      { apiKey: KEY, apiUrl: 'https://votes.example/api/v1' },
      { vote_reward_api_url: 'https://votes.example' },
    );
    expect(result.ok && result.config.apiUrl).toBe('https://votes.example');
    expect(result.ok && result.apiUrlSource).toBe('convar');
  });

  it('says the API address came from config.json when no convar is set, or a blank one', () => {
    for (const convars of [{}, { vote_reward_api_url: '  ' }] as Record<string, string>[]) {
      const result = load({ apiKey: KEY, apiUrl: 'https://votes.example' }, convars);
      expect(result.ok && result.apiUrlSource).toBe('config');
    }
  });

  it('a blank convar leaves config.json in charge, and config.json is named', () => {
    const result = load({ apiKey: KEY, apiUrl: 'ftp://votes.example' }, { vote_reward_api_url: '  ' });
    expect(result).toEqual({
      ok: false,
      problems: ['apiUrl: expected an http(s) URL, got "ftp://votes.example"'],
    });
  });
});
