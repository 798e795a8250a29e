import { describe, expect, it } from 'vitest';
import { createScriptedTransport, siteDeps } from '../../devkit/fakes/scripted-transport';
import { findSite, SITE_DESCRIPTORS, SITE_KINDS, SITES } from '../../src/sites/registry';

const deps = () => siteDeps(createScriptedTransport({ fail: 'network' }), () => 0);

describe('site registry', () => {
  it('lists each site once, findable by kind', () => {
    expect(new Set(SITE_KINDS).size).toBe(SITES.length);
    for (const site of SITES) expect(findSite(site.kind)).toBe(site);
    expect(findSite('gtaliste')).toBeUndefined();
  });

  it('keys each descriptor by its own kind, the one source of SiteKind', () => {
    for (const [kind, site] of Object.entries(SITE_DESCRIPTORS)) expect(site.kind).toBe(kind);
    expect(SITE_KINDS).toEqual(SITES.map((site) => site.kind));
  });

  it.each(SITES.flatMap((site) => site.identities.map((identity) => [site.kind, identity] as const)))(
    '%s built for %s declares the claim model its descriptor gives, and the descriptor facts',
    (kind, identity) => {
      const descriptor = findSite(kind);
      if (!descriptor) throw new Error(kind);
      const site = descriptor.create({ key: 'tgs_key-1234', identity }, deps());
      expect(site.claimModel).toBe(descriptor.claimModels[identity]);
      expect([site.kind, site.identity, site.auth, site.rateLimit]).toEqual([
        kind,
        identity,
        descriptor.auth,
        descriptor.rateLimit,
      ]);
      expect(site.voteWindowMs).toBeGreaterThan(0);
      expect(descriptor.sources.length).toBeGreaterThan(0);
      expect(typeof (site as { claim?: unknown }).claim === 'function').toBe(
        site.claimModel === 'claim_then_reward',
      );
      expect(typeof (site as { confirmClaim?: unknown }).confirmClaim === 'function').toBe(
        site.claimModel === 'reward_then_claim',
      );
    },
  );

  it.each(SITES.map((site) => [site.kind]))(
    '%s refuses a base URL with a query, naming the setting',
    (kind) => {
      expect(() =>
        findSite(kind)?.create({ key: 'tgs_key-1234', baseUrl: 'https://x.test/?a=1' }, deps()),
      ).toThrow(new RegExp(`sites\\.${kind}\\.baseUrl`));
    },
  );
});
