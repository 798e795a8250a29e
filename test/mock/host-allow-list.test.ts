import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createHostAllowList, normalizePublicUrl } from '../../mock-server/middleware/host-allow-list';

describe('host allow-list', () => {
  const bound = createHostAllowList({ port: 8787, listenHost: '127.0.0.1' });

  it.each([
    ['127.0.0.1:8787', true],
    ['localhost:8787', true],
    ['LocalHost:8787', true],
    ['[::1]:8787', true],
    ['localhost:8788', false],
    ['localhost', false],
    ['rebind.evil.test:8787', false],
    ['localhost.:8787', false],
    ['127.1:8787', false],
    ['user@localhost:8787', false],
    ['localhost:8787/x', false],
    ['', false],
  ])('Host %j on a mock bound to 127.0.0.1:8787 → %s', (host, allowed) => {
    expect(bound.allowsHost(host)).toBe(allowed);
  });

  it.each([
    ['http://127.0.0.1:8787', true],
    ['http://localhost:8787', true],
    ['null', false],
    ['http://evil.test', false],
    ['http://localhost:8788', false],
    ['http://localhost:8787/path', false],
    ['file://', false],
  ])('Origin %j → %s', (origin, allowed) => {
    expect(bound.allowsOrigin(origin)).toBe(allowed);
  });

  it('in process (no port), accepts loopback names on any port and nothing else', () => {
    const any = createHostAllowList();
    expect(['localhost', 'localhost:1234', '127.0.0.1:9', '[::1]:80'].map((h) => any.allowsHost(h))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(any.allowsHost('evil.test:1234')).toBe(false);
  });

  it('listening on 0.0.0.0, accepts the addresses of this machine with the port', () => {
    const wide = createHostAllowList({ port: 8787, listenHost: '0.0.0.0' });
    const v4 = Object.values(networkInterfaces())
      .flat()
      .filter((info) => info?.family === 'IPv4')
      .map((info) => info?.address as string);
    for (const address of v4) expect([address, wide.allowsHost(`${address}:8787`)]).toEqual([address, true]);
    expect(wide.allowsHost('0.0.0.0:8787')).toBe(false);
  });

  it('with a public URL, accepts its host and origin', () => {
    const proxied = createHostAllowList({ port: 8787, publicUrl: 'https://votes.example.test' });
    expect(proxied.allowsHost('votes.example.test')).toBe(true);
    expect(proxied.allowsHost('votes.example.test:443')).toBe(true);
    expect(proxied.allowsOrigin('https://votes.example.test')).toBe(true);
    expect(proxied.allowsHost('other.example.test')).toBe(false);
  });

  it('normalizes a public URL without its trailing slash, keeping a path prefix', () => {
    expect(normalizePublicUrl(' https://votes.example.test/mock/ ')).toBe('https://votes.example.test/mock');
  });
});
