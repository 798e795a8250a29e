/**
 * Any answer a site (or whatever sits in front of it) can give: every adapter maps it to one of its outcomes without
 * throwing; only a 2xx can pay; a 4xx is the only definite refusal; a 5xx on a claim leaves the outcome unknown.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createScriptedTransport, siteDeps } from '../../devkit/fakes/scripted-transport';
import { SITES } from '../../src/sites/registry';
import type {
  CheckOutcome,
  ClaimOutcome,
  ConfirmOutcome,
  IdentityKind,
  SiteAdapter,
} from '../../src/sites/types';

const VALUES: Record<IdentityKind, string> = {
  name: 'Jean',
  steam64: '76561198000000001',
  discord: '123456789012345678',
  ip: '203.0.113.9',
};
const NOW = Date.UTC(2026, 10, 27, 12);
const KINDS = new Set([
  'voted',
  'not_voted',
  'already_claimed',
  'claimed',
  'confirmed',
  'bad_key',
  'rate_limited',
  'unreachable',
  'malformed',
  'refused',
  'unsupported',
]);

/** Bodies shaped like the sites' documented answers, with any value in each field, and plain garbage. */
const field = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(0, 1, 2, true, false, null, '1', new Date(NOW).toISOString()),
);
const body = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.constantFrom('0', '1', '2', '', ' 1 ', '<html>1</html>'),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc
    .record(
      {
        code: field,
        success: field,
        claimed: field,
        duration: field,
        error: field,
        ok: field,
        hasPendingVote: field,
        pending: field,
        votes: fc.array(fc.record({ id: field, votedAt: field }), { maxLength: 3 }),
        voted: field,
        last_vote_at: field,
        data: fc.record({ voted_at: field, next_vote_seconds: field, username: field }, { requiredKeys: [] }),
        voted_at: field,
        vote_id: field,
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
);
const status = fc.oneof(
  fc.constantFrom(200, 200, 200, 201, 204, 302, 400, 401, 403, 404, 429, 500, 503),
  fc.integer({ min: 100, max: 599 }),
);
const adapters = SITES.flatMap((site) => site.identities.map((identity) => ({ site, identity })));

async function run(adapter: SiteAdapter, value: string) {
  const outcomes: { op: string; outcome: CheckOutcome | ClaimOutcome | ConfirmOutcome }[] = [
    { op: 'check', outcome: await adapter.check(value, { priority: 'claim' }) },
  ];
  if (adapter.claimModel === 'claim_then_reward')
    outcomes.push({ op: 'claim', outcome: await adapter.claim(value, { priority: 'claim' }) });
  if (adapter.claimModel === 'reward_then_claim')
    outcomes.push({ op: 'confirm', outcome: await adapter.confirmClaim(value, { priority: 'claim' }) });
  return outcomes;
}

describe('every adapter against hostile answers', () => {
  it.each(adapters.map(({ site, identity }) => [site.kind, identity, site] as const))(
    '%s by %s never throws, pays only on a 2xx, refuses only on a 4xx',
    async (_kind, identity, descriptor) => {
      await fc.assert(
        fc.asyncProperty(status, body, async (code, text) => {
          const transport = createScriptedTransport({ status: code, body: text });
          // A fresh budget per answer: only the answer decides the outcome.
          const adapter = descriptor.create(
            { key: 'tgs_key-1234', identity },
            siteDeps(transport, () => NOW),
          );
          for (const { op, outcome } of await run(adapter, VALUES[identity])) {
            expect(KINDS.has(outcome.kind)).toBe(true);
            const paying =
              outcome.kind === 'claimed' || outcome.kind === 'voted' || outcome.kind === 'confirmed';
            if (paying) expect(code >= 200 && code < 300).toBe(true);
            if (outcome.kind === 'refused') expect(code >= 400 && code < 500).toBe(true);
            if (op === 'check' && 'outcomeUnknown' in outcome) expect(outcome.outcomeUnknown).toBe(false);
            if (op !== 'check' && code >= 500)
              expect(outcome).toMatchObject({ kind: 'unreachable', outcomeUnknown: true });
            if (code === 429)
              expect(outcome.kind).toBe(op === 'check' && !adapter.canCheck ? 'unsupported' : 'rate_limited');
          }
        }),
        { numRuns: 150 },
      );
    },
  );
});
