import { describe, expect, it } from 'vitest';
import { type CachedBadge, createBadgeCache } from '../../mock-server/badge/cache';

const entry = (bytes: number, renderedAt = 0): CachedBadge => ({
  png: Buffer.alloc(bytes),
  etag: `"${bytes}-${renderedAt}"`,
  renderedAt,
});

function setup(limits: { maxEntries?: number; maxBytes?: number } = {}) {
  const clock = { t: 0 };
  const cache = createBadgeCache({
    now: () => clock.t,
    ttlMs: 300_000,
    maxEntries: limits.maxEntries ?? 3,
    maxBytes: limits.maxBytes ?? 1_000,
  });
  return { clock, cache };
}

describe('badge cache', () => {
  it('returns an entry until its TTL elapses on the injected clock, then forgets it', () => {
    const { clock, cache } = setup();
    cache.set('a', entry(10, 0));
    clock.t = 299_999;
    expect(cache.get('a')?.etag).toBe('"10-0"');
    clock.t = 300_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('evicts the least recently used entry when the entry limit is reached', () => {
    const { cache } = setup({ maxEntries: 2 });
    cache.set('a', entry(1));
    cache.set('b', entry(2));
    cache.get('a');
    cache.set('c', entry(3));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('evicts by total bytes and never keeps more than the byte limit', () => {
    const { cache } = setup({ maxEntries: 100, maxBytes: 100 });
    cache.set('a', entry(40));
    cache.set('b', entry(40));
    cache.set('c', entry(40));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.bytes).toBe(80);
    cache.set('huge', entry(101));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.bytes).toBe(80);
  });

  it('replacing a key updates the byte count instead of adding to it', () => {
    const { cache } = setup();
    cache.set('a', entry(100));
    cache.set('a', entry(30));
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(30);
  });

  it('stays bounded under many distinct keys', () => {
    const { cache } = setup({ maxEntries: 50, maxBytes: 10_000 });
    for (let i = 0; i < 5_000; i++) cache.set(`k${i}`, entry(150));
    expect(cache.size).toBeLessThanOrEqual(50);
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.get('k4999')).toBeDefined();
  });

  it('deleteByPrefix drops one server and keeps the others', () => {
    const { cache } = setup({ maxEntries: 10 });
    cache.set('1:button', entry(1));
    cache.set('1:mini', entry(1));
    cache.set('12:button', entry(1));
    cache.deleteByPrefix('1:');
    expect(cache.size).toBe(1);
    expect(cache.get('12:button')).toBeDefined();
  });

  it.each([
    ['ttlMs', 0],
    ['maxEntries', -1],
    ['maxBytes', Number.NaN],
  ] as const)('rejects %s = %s with a message naming the option', (field, value) => {
    expect(() =>
      createBadgeCache({ now: () => 0, ttlMs: 1, maxEntries: 1, maxBytes: 1, [field]: value }),
    ).toThrow(new RegExp(`${field} must be a positive number`));
  });
});
