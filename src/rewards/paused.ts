/**
 * A framework stopped while players play (an owner's `stop es_extended`, a crash, a txAdmin restart of one resource):
 * every framework's exports vanish with it, which each adapter would read as "no such player" and the player would be
 * told "once your character is loaded". This wrapper answers for every framework alike instead: the console names
 * the stopped resource once (and once more when it is back), and every payout answers a `framework_error` marked
 * `stopped`, which the claim flow keeps owed and tells the player as "rewards are paused". Nothing is called on the
 * framework while it is stopped.
 */
import { isStarted } from './call';
import type { FrameworkDescriptor } from './framework';
import type { DisposableRewardAdapter, FrameworkHost, PayoutResult } from './types';

/** The problem every payout answers while the framework's resource is stopped. */
export function stoppedProblem(framework: Pick<FrameworkDescriptor, 'label' | 'resource'>): PayoutResult {
  return {
    ok: false,
    problem: {
      code: 'framework_error',
      detail: `${framework.label} (${framework.resource}) is stopped; rewards are paused until it is started again`,
      stopped: framework.resource,
    },
  };
}

/** Wraps `adapter` so that a stopped framework pauses rewards, named once in the console. */
export function pauseWhileStopped(
  adapter: DisposableRewardAdapter,
  host: FrameworkHost,
  framework: Pick<FrameworkDescriptor, 'label' | 'resource'>,
): DisposableRewardAdapter {
  const { resource, label } = framework;
  let noted = false;
  const stopped = (): boolean => {
    const down = !isStarted(host, resource);
    if (down && !noted) {
      noted = true;
      host.log.warn(
        `${label} (${resource}) is stopped: rewards are paused until it is started again. Votes stay unclaimed and owed rewards stay owed; players who type /vote are told so.`,
      );
    }
    if (!down && noted) {
      noted = false;
      host.log.info(`${label} (${resource}) is started again: rewards resume`);
    }
    return down;
  };
  const offs = [
    host.on('onResourceStop', (name) => {
      if (name === resource) stopped();
    }),
    host.on('onResourceStart', (name) => {
      if (name === resource) stopped();
    }),
  ];
  const confirm = adapter.confirm?.bind(adapter);
  return {
    ...adapter,
    // Ready while stopped: the claim then reaches canReceive, which says why it cannot pay (not "not loaded").
    isPlayerReady: (source) => (stopped() ? Promise.resolve(true) : adapter.isPlayerReady(source)),
    canReceive: (ctx, rewards) =>
      stopped() ? Promise.resolve(stoppedProblem(framework)) : adapter.canReceive(ctx, rewards),
    give: (ctx, reward, hooks) =>
      stopped() ? Promise.resolve(stoppedProblem(framework)) : adapter.give(ctx, reward, hooks),
    ...(confirm
      ? {
          confirm: (ctx, reward, before, owner) =>
            stopped()
              ? Promise.resolve({ code: 'unreadable' as const, detail: `${resource} is stopped` })
              : confirm(ctx, reward, before, owner),
        }
      : {}),
    dispose() {
      for (const off of offs) off();
      adapter.dispose();
    },
  };
}
