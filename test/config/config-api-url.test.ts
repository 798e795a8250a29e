import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load';

const KEY = 'live_0123456789abcdef0123456789abcdef';
const load = (apiUrl: string, convars: Record<string, string> = {}) =>
  loadConfig({ text: JSON.stringify({ apiKey: KEY, apiUrl }), convar: (name) => convars[name] ?? null });

describe('apiUrl', () => {
  it.each([
    ['https://votes.example/api/v1', 'https://votes.example'],
    ['https://votes.example/api/v1/', 'https://votes.example'],
    ['https://votes.example/API/V1', 'https://votes.example'],
    ['https://votes.example/api/v1/vote/claim', 'https://votes.example'],
    ['http://127.0.0.1:8787/site/api/v1', 'http://127.0.0.1:8787/site'],
  ])('refuses %j at start, naming the root to use', (apiUrl, root) => {
    expect(load(apiUrl)).toEqual({
      ok: false,
      problems: [
        `apiUrl is the site root; remove /api/v1 (got ${JSON.stringify(apiUrl)}, use ${JSON.stringify(root)})`,
      ],
    });
  });

  it('refuses the same mistake made in the vote_reward_api_url convar, naming the convar and server.cfg', () => {
    const result = load('https://votes.example', { vote_reward_api_url: 'https://votes.example/api/v1/' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.title).toBe('not started, server.cfg has problems:');
    expect(!result.ok && result.problems).toEqual([
      'vote_reward_api_url (set in server.cfg) is the site root; remove /api/v1 (got "https://votes.example/api/v1/", use "https://votes.example")',
    ]);
  });

  it.each([
    ['http://', 'http://'],
    ['https://', 'https://'],
    ['http:', 'http:'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
    // Printed without what comes before an @, where a key pasted as user:password@ would be.
    ['mailto:a@votes.example', '…@votes.example'],
    ['//votes.example', '//votes.example'],
  ])('refuses %j: not an http(s) URL with a host', (apiUrl, shown) => {
    expect(load(apiUrl)).toEqual({
      ok: false,
      problems: [`apiUrl: expected an http(s) URL, got ${JSON.stringify(shown)}`],
    });
  });

  it.each([
    'https://votes.example',
    'https://votes.example/',
    'https://votes.example/site',
    'http://h/api/v10',
  ])('accepts %j', (apiUrl) => {
    const result = load(apiUrl);
    expect(result.ok && result.config.apiUrl).toBe(apiUrl);
  });
});
