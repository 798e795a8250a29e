/**
 * `points` rewards are paid into the ledger, never to the framework: this adapter wraps the framework's and answers
 * for them itself, through the same journal and driver as every other reward. The ledger key of a points reward is
 * `pay:<journal entry id>#<reward index>`, so a payout replayed after a crash (the driver confirms it first) credits
 * once. The points a vote earns (`points.perVote`) are such a reward, last of the vote's list: they are credited
 * once the vote's own rewards are paid.
 */
import type { PayoutContext, Reward, RewardAdapter } from '../rewards/types';
import type { PointsBook } from './book';
import { payKey } from './keys';

const keyOf = (ctx: PayoutContext): string | null =>
  ctx.entryId === undefined || ctx.rewardIndex === undefined ? null : payKey(ctx.entryId, ctx.rewardIndex);

/** `adapter`, with `points` rewards credited to `ledger`. */
export function withPoints(adapter: RewardAdapter, ledger: PointsBook): RewardAdapter {
  const framework = (rewards: readonly Reward[]) => rewards.filter((reward) => reward.type !== 'points');
  const wrapped: RewardAdapter = {
    name: adapter.name,
    isPlayerReady: (source) => adapter.isPlayerReady(source),
    async canReceive(ctx, rewards) {
      const rest = framework(rewards);
      return rest.length === 0 ? { ok: true } : adapter.canReceive(ctx, rest);
    },
    verifies: (reward) => reward.type === 'points' || adapter.verifies?.(reward) === true,
    async give(ctx, reward, hooks) {
      if (reward.type !== 'points') return adapter.give(ctx, reward, hooks);
      const key = keyOf(ctx);
      if (key === null)
        return {
          ok: false,
          problem: { code: 'framework_error', detail: 'a points reward needs its journal entry' },
        };
      // In a network the balance is read from the shared chain (nothing is written yet: a failure is a refusal).
      let before: Awaited<ReturnType<NonNullable<PointsBook['fresh']>>>;
      try {
        before = ledger.fresh ? await ledger.fresh(ctx.license) : ledger.read(ctx.license);
      } catch (error) {
        return { ok: false, problem: { code: 'framework_error', detail: `points ledger: ${String(error)}` } };
      }
      if (!before.ok) return { ok: false, problem: { code: 'framework_error', detail: before.detail } };
      // The reading is journalled first, like a framework payout: a restart then asks `confirm`, which reads the key.
      hooks?.before?.(before.balance);
      let result: Awaited<ReturnType<PointsBook['apply']>>;
      try {
        result = await ledger.apply(ctx.license, {
          key,
          delta: reward.amount,
          reason: `reward ${ctx.voteId}`,
        });
      } catch (error) {
        // One KVP write that threw wrote nothing: not credited, safe to try again. A network statement that failed
        // may still have gone in: `confirm` reads the key (a credit applied again by the same key goes in once).
        return {
          ok: false,
          problem: {
            code: ledger.fresh ? 'outcome_unknown' : 'framework_error',
            detail: `points ledger write failed: ${String(error)}`,
          },
        };
      }
      if (result.ok) return { ok: true };
      return { ok: false, problem: { code: 'framework_error', detail: `points ledger: ${result.code}` } };
    },
    async confirm(ctx, reward, before, owner) {
      if (reward.type !== 'points') {
        return adapter.confirm
          ? adapter.confirm(ctx, reward, before, owner)
          : { code: 'unknown', detail: 'the framework cannot be read' };
      }
      const key = keyOf(ctx);
      const has = key === null ? null : await ledger.has(ctx.license, key);
      if (has === null) return { code: 'unreadable', detail: 'the points ledger cannot be read' };
      return has ? { code: 'paid' } : { code: 'not_paid' };
    },
    startupProblems: adapter.startupProblems
      ? (rewards) => adapter.startupProblems?.(framework(rewards)) ?? Promise.resolve([])
      : undefined,
  };
  // What else the framework's adapter carries (its dispose) is the composition's to call, on the adapter itself.
  return wrapped;
}
