import { describe, expect, it } from 'vitest';
import { isLoopbackUrl, offlineFetchError } from '../../devkit/fxserver/offline';

describe('the simulated server has no internet', () => {
  it.each([
    ['http://127.0.0.1:8787/api/v1/server/info', true],
    ['http://localhost:3000/x', true],
    ['http://[::1]:8080/', true],
    ['https://api.github.com/repos/vote-reward/vote-reward/releases/latest', false],
    ['https://vote.example.com/api/v1/vote/check', false],
    ['http://10.0.0.5/', false],
  ])('%s reaches this machine: %s', (url, local) => {
    expect(isLoopbackUrl(url)).toBe(local);
  });

  it('fails another host as fetch fails on an offline machine', () => {
    const error = offlineFetchError('https://api.github.com/x');
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('fetch failed');
    expect((error.cause as { code: string }).code).toBe('ENOTFOUND');
  });
});
