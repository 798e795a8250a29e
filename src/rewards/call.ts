/**
 * Helpers every adapter uses to cross a resource boundary. FiveM hands a JS caller whatever the other runtime
 * produced: a plain value, an array for Lua multi-returns, a Promise when the Lua function yielded, or a thrown
 * Error for a Lua `error()`. These helpers turn all of that into values the adapters can reason about.
 */
import { describeError } from '../runtime/errors';
import type { FrameworkHost, PayoutProblem, PayoutResult, Reward } from './types';

/** Outcome of a cross-resource call: the value it returned, or why it failed (never a throw). */
export type CallOutcome =
  | { ok: true; value: unknown }
  | {
      ok: false;
      detail: string;
      /** True when the callee was entered (it threw, its Promise rejected, or a request went out unanswered). */
      invoked?: boolean;
      /** True when a request went out and no answer came: the callee may still be running. */
      unanswered?: boolean;
    };

/** A successful payout or capacity check. */
export const PAID: PayoutResult = { ok: true };

/** Builds a `{ ok: false }` result for a problem. */
export function refuse(problem: PayoutProblem): PayoutResult {
  return { ok: false, problem };
}

/** Builds a `framework_error` result with a human-readable detail. */
export function frameworkError(detail: string): PayoutResult {
  return refuse({ code: 'framework_error', detail });
}

/** Builds an `outcome_unknown` result: the framework may or may not have paid. */
export function outcomeUnknown(detail: string): PayoutResult {
  return refuse({ code: 'outcome_unknown', detail });
}

/**
 * The result of a call that pays, when it failed: `outcome_unknown` once the callee was entered (it may have paid
 * before failing), `framework_error` when it was never reached (nothing happened; safe to try again).
 */
export function payingCallFailed(outcome: {
  detail: string;
  invoked?: boolean;
  unanswered?: boolean;
}): PayoutResult {
  if (!outcome.invoked) return frameworkError(outcome.detail);
  const detail = `${outcome.detail}; it may or may not have paid`;
  return outcome.unanswered
    ? refuse({ code: 'outcome_unknown', detail, unanswered: true })
    : outcomeUnknown(detail);
}

/** True when the resource exports a function under that name; never throws. */
export function hasExport(host: FrameworkHost, resource: string, name: string): boolean {
  try {
    return typeof host.exportsOf(resource)[name] === 'function';
  } catch {
    return false;
  }
}

/** True when `GetResourceState(name)` is `started`. */
export function isStarted(host: FrameworkHost, resource: string): boolean {
  try {
    return host.resourceState(resource) === 'started';
  } catch {
    return false;
  }
}

/** Calls an export of another resource, awaiting a Promise and catching a throw. */
export async function callExport(
  host: FrameworkHost,
  resource: string,
  name: string,
  ...args: unknown[]
): Promise<CallOutcome> {
  let fn: ((...a: unknown[]) => unknown) | undefined;
  try {
    fn = host.exportsOf(resource)[name];
  } catch (error) {
    return { ok: false, detail: `${resource} has no export ${name} (${describeError(error)})` };
  }
  if (typeof fn !== 'function') return { ok: false, detail: `${resource} has no export ${name}` };
  return callFunction(`${resource}.${name}`, fn, args);
}

/** Calls a function reference (an export or a closure from a framework object), normalising throws and Promises. */
export async function callFunction(
  label: string,
  fn: unknown,
  args: readonly unknown[],
): Promise<CallOutcome> {
  if (typeof fn !== 'function') return { ok: false, detail: `${label} is not a function` };
  try {
    const value: unknown = await (fn as (...a: unknown[]) => unknown)(...args);
    return { ok: true, value };
  } catch (error) {
    return { ok: false, detail: `${label} failed: ${describeError(error)}`, invoked: true };
  }
}

/** The values of a Lua multi-return as JS sees them: an array for several values, the value itself for one. */
export function returnValues(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value === undefined) return [];
  return [value];
}

/** A character id read from a framework (a citizenid, a charId) as journalled, or undefined when it is none. */
export function characterKey(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && value.length > 0 && value.length <= 200) return value;
  return undefined;
}

/** Reads a property of a framework table snapshot without assuming its shape. */
export function field(value: unknown, key: string): unknown {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return undefined;
  return (value as Record<string, unknown>)[key];
}

/** Server ids cross resources as numbers: a string id would miss Lua tables keyed by number. */
export function toSource(source: unknown): number | undefined {
  const n = typeof source === 'string' && source.trim() !== '' ? Number(source) : source;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
}

/** Checks the reward's own numbers before anything reaches a framework; undefined when valid. */
export function rewardInputProblem(reward: Reward): string | undefined {
  switch (reward.type) {
    case 'money':
    case 'bank':
    case 'gold':
      // Frameworks disagree on fractions (ESX credits 0.4 as 0, QBCore adds it, Qbox rounds): whole amounts only.
      if (!Number.isInteger(reward.amount) || reward.amount <= 0) {
        return `${reward.type} reward amount must be a whole number greater than 0, got ${String(reward.amount)}`;
      }
      return undefined;
    case 'item':
      if (typeof reward.item !== 'string' || reward.item.trim() === '') {
        return `item reward needs a non-empty item name, got ${JSON.stringify(reward.item)}`;
      }
      if (!Number.isInteger(reward.count) || reward.count <= 0) {
        return `item reward count must be a whole number greater than 0, got ${String(reward.count)}`;
      }
      return undefined;
    case 'custom':
      if (!reward.command && !reward.event) return 'custom reward needs a command, an event, or both';
      return undefined;
    default:
      return `unknown reward type ${JSON.stringify((reward as { type?: unknown }).type)}`;
  }
}

/** Reason string handed to frameworks that log money changes. */
export function payoutReason(voteId: string): string {
  return `vote-reward ${voteId}`;
}

/**
 * Caches a framework object (ESX shared object, QBCore core object) and forgets it when the framework resource
 * stops or starts again: function references held by an old copy die with the old resource instance.
 */
export interface FrameworkObjectCache {
  /** The cached object, acquired through `acquire` when absent. */
  get(): Promise<CallOutcome>;
  /** Drops the cached object so the next `get` acquires it again. */
  invalidate(): void;
  /**
   * Runs `read` on the object; when it fails, acquires the object again and runs `read` once more: a dead function
   * reference means the framework restarted (`read` must be a read, safe to repeat).
   */
  read(read: (object: unknown) => Promise<CallOutcome>): Promise<CallOutcome>;
  /** Removes the resource-lifecycle listeners. */
  dispose(): void;
}

/** Creates a cache for an object obtained from `resource`, invalidated on that resource's stop/start. */
export function createFrameworkObjectCache(
  host: FrameworkHost,
  resource: string,
  acquire: () => Promise<CallOutcome>,
): FrameworkObjectCache {
  let cached: unknown;
  const forget = (...args: unknown[]) => {
    if (args[0] === resource) cached = undefined;
  };
  const offs = [
    host.on('onResourceStop', forget),
    host.on('onResourceStart', forget),
    host.on('onServerResourceStart', forget),
  ];
  const get = async (): Promise<CallOutcome> => {
    if (cached !== undefined && cached !== null) return { ok: true, value: cached };
    const outcome = await acquire();
    if (!outcome.ok) return outcome;
    if (outcome.value === undefined || outcome.value === null) {
      return { ok: false, detail: `${resource} returned nothing when asked for its framework object` };
    }
    cached = outcome.value;
    return outcome;
  };
  return {
    get,
    invalidate() {
      cached = undefined;
    },
    async read(read) {
      const attempt = async (): Promise<CallOutcome> => {
        const object = await get();
        return object.ok ? read(object.value) : object;
      };
      const first = await attempt();
      if (first.ok) return first;
      cached = undefined;
      return attempt();
    },
    dispose() {
      for (const off of offs) off();
    },
  };
}
