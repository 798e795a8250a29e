/** The network settings: off without them, and every error names both convars. */
import { describe, expect, it } from 'vitest';
import { readNetworkConfig } from '../../src/network/config';
import { networkKeyOf } from '../../src/network/gate';

const read = (values: Record<string, string>) => readNetworkConfig((name) => values[name] ?? null);

describe('readNetworkConfig', () => {
  it('is off (KVP, one server) without the settings, or with vote_reward_store "kvp"', () => {
    expect(read({})).toEqual({ mode: 'kvp' });
    expect(read({ vote_reward_store: 'kvp' })).toEqual({ mode: 'kvp' });
  });

  it('turns on with both settings; the lease defaults to 60 s', () => {
    expect(read({ vote_reward_store: 'oxmysql', vote_reward_server_id: 'city-1' })).toEqual({
      mode: 'oxmysql',
      serverId: 'city-1',
      leaseMs: 60_000,
    });
    expect(
      read({ vote_reward_store: 'oxmysql', vote_reward_server_id: 'city-1', vote_reward_network_lease: '5' }),
    ).toMatchObject({ leaseMs: 5000 });
  });

  it.each([
    [{ vote_reward_store: 'oxmysql' }, 'vote_reward_server_id is not set'],
    [
      { vote_reward_server_id: 'city-1' },
      'vote_reward_server_id is set but vote_reward_store is not "oxmysql"',
    ],
    [{ vote_reward_store: 'mysql', vote_reward_server_id: 'city-1' }, 'vote_reward_store is "mysql"'],
    [
      { vote_reward_store: 'oxmysql', vote_reward_server_id: 'city 1' },
      'vote_reward_server_id "city 1" must be',
    ],
    [
      { vote_reward_store: 'oxmysql', vote_reward_server_id: 'c', vote_reward_network_lease: '0' },
      'vote_reward_network_lease "0" must be',
    ],
  ])('refuses %j with an error naming both settings', (values, start) => {
    const config = read(values);
    expect(config.mode).toBe('invalid');
    const error = config.mode === 'invalid' ? config.error : '';
    expect(error).toContain(start);
    expect(error).toContain('vote_reward_store');
    expect(error).toContain('vote_reward_server_id');
  });
});

describe('networkKeyOf', () => {
  it('shares site votes with a vote time and awards; not seed claims nor site votes without a time', () => {
    expect(networkKeyOf({ id: 's:chk:Ana:t1795255140000#1', votedAt: null })).toBe(
      's:chk:Ana:t1795255140000#1',
    );
    expect(networkKeyOf({ id: 's:ts:Ana:ulq2x9#1', votedAt: null })).toBeNull();
    expect(networkKeyOf({ id: 'a:milestone:license:aaa:10', votedAt: null })).toBe(
      'a:milestone:license:aaa:10',
    );
    expect(networkKeyOf({ id: 'k3j2h1', votedAt: null })).toBeNull();
    // A purchase's delivery and a testpay carry ids of one server's clock and counter: two servers may draw the same.
    expect(networkKeyOf({ id: 'a:shop:cmk2x1', votedAt: null })).toBeNull();
    expect(networkKeyOf({ id: 'a:test:1795255140000:license:aaa', votedAt: null })).toBeNull();
  });
});
