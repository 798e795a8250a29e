/**
 * The one place a site's outcomes pass before anything prints them: every failure's `detail` (which may quote the
 * site's answer, an error page or a URL) goes through {@link redact} with the site's key, whatever adapter made it.
 */
import { redact } from '../runtime/redact';
import type { SiteAdapter } from './types';

/** `outcome` with its `detail`, when it has one, redacted of `secret` and of URL userinfo and queries. */
function redacted<T>(outcome: T, secret: string): T {
  if (typeof outcome !== 'object' || outcome === null || !('detail' in outcome)) return outcome;
  const { detail } = outcome as { detail: unknown };
  return typeof detail === 'string' ? { ...outcome, detail: redact(detail, secret) } : outcome;
}

/** `adapter` with every outcome's `detail` redacted of `secret` (the key it was built with). */
export function redactedAdapter(adapter: SiteAdapter, secret: string): SiteAdapter {
  const check: SiteAdapter['check'] = async (identity, opts) =>
    redacted(await adapter.check(identity, opts), secret);
  switch (adapter.claimModel) {
    case 'claim_then_reward':
      return Object.assign(Object.create(adapter) as typeof adapter, {
        check,
        claim: async (identity: string, opts: Parameters<typeof adapter.claim>[1]) =>
          redacted(await adapter.claim(identity, opts), secret),
      });
    case 'reward_then_claim':
      return Object.assign(Object.create(adapter) as typeof adapter, {
        check,
        confirmClaim: async (identity: string, opts: Parameters<typeof adapter.confirmClaim>[1]) =>
          redacted(await adapter.confirmClaim(identity, opts), secret),
      });
    case 'check_only':
      return Object.assign(Object.create(adapter) as typeof adapter, { check });
  }
}
