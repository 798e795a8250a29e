/**
 * Client of vRP's Proxy event protocol (`lib/Proxy.lua`): a request is `vRP:proxy (member, args, identifier, rid)`,
 * the answer `vRP:<identifier>:proxy_res (rid, rets)`. Facts and the transcripts that prove them:
 * test/frameworks/vrp-protocol.md.
 */
import type { CallOutcome } from '../call';
import type { FrameworkHost } from '../types';

/** Default time to wait for a proxy answer. */
export const VRP_DEFAULT_TIMEOUT_MS = 5000;

/** How many timed-out calls are remembered, so a late answer can still be reported to admins. */
const LATE_ANSWERS_REMEMBERED = 64;

/** Options of the proxy client. */
export interface VrpProxyOptions {
  host: FrameworkHost;
  /** Interface name; `vRP` for every known variant. */
  interfaceName?: string;
  /** Our identifier in the reply event name `vRP:<identifier>-<nonce>:proxy_res`. */
  identifier?: string;
  /** Per-instance suffix of the identifier (random by default), so a late answer from before a restart is ignored. */
  nonce?: string;
  /** Milliseconds to wait for an answer before giving up. */
  timeoutMs?: number;
  /** Some old forks unpack the args table once more: send `[args]` instead of `args`. */
  wrapArgs?: boolean;
}

/** A client of the vRP Proxy event protocol. */
export interface VrpProxy {
  /**
   * Calls a member of the interface; resolves with its return values, never rejects. A failure after the request
   * went out (no answer in time, proxy closed, the emit threw) has `invoked: true`: the member may have run.
   */
  call(member: string, ...args: unknown[]): Promise<CallOutcome & { values?: unknown[] }>;
  /**
   * True when vRP surely lacks `member`, found without running it: the request carries a number instead of the
   * argument table, so vRP's Proxy raises before calling a member it has (no answer; vRP prints the error) and
   * answers a member it lacks at once with nothing. False when no answer came during the emit (it has the member,
   * or this vRP answers later).
   */
  lacks(member: string): boolean;
  /** Number of calls still waiting for an answer. */
  pending(): number;
  /** Removes the reply handler and fails every waiting call. */
  dispose(): void;
  /** The event vRP answers on, unique to this instance. */
  readonly replyEvent: string;
}

/** Turns `rets` (Lua sequence or `table.pack` map) into an array of values. */
export function proxyReturnValues(rets: unknown): unknown[] {
  if (Array.isArray(rets)) return rets;
  if (rets !== null && typeof rets === 'object') {
    const packed = rets as Record<string, unknown>;
    const n = typeof packed.n === 'number' ? packed.n : 0;
    return Array.from({ length: n }, (_, i) => packed[String(i + 1)]);
  }
  return [];
}

/** Creates a vRP proxy client; the reply handler is registered at once. */
export function createVrpProxy(options: VrpProxyOptions): VrpProxy {
  const { host } = options;
  const interfaceName = options.interfaceName ?? 'vRP';
  const identifier = `${options.identifier ?? 'vote-reward'}-${options.nonce ?? Math.random().toString(36).slice(2, 10)}`;
  const timeoutMs = options.timeoutMs ?? VRP_DEFAULT_TIMEOUT_MS;
  const waiting = new Map<
    number,
    { resolve: (rets: unknown) => void; fail: (detail: string, unanswered?: boolean) => void }
  >();
  const timedOut = new Map<number, string>();
  let nextRid = 1;
  let closed = false;

  const replyEvent = `${interfaceName}:${identifier}:proxy_res`;
  const off = host.on(replyEvent, (rid, rets) => {
    if (typeof rid !== 'number') return;
    const entry = waiting.get(rid);
    if (entry) {
      entry.resolve(rets);
      return;
    }
    const late = timedOut.get(rid);
    if (late === undefined) return;
    timedOut.delete(rid);
    const refused = proxyReturnValues(rets)[0] === false;
    host.log.warn(
      `${late} answered after the ${timeoutMs} ms timeout (request ${rid}): ${refused ? 'it ran and answered false (refused)' : 'it did run'}; this helps an admin decide the reward it carried`,
    );
  });

  return {
    call(member, ...args) {
      if (closed) {
        return Promise.resolve({
          ok: false,
          detail: `${interfaceName} proxy is closed; ${member} was not called`,
        });
      }
      const rid = nextRid;
      nextRid = nextRid >= 2_000_000_000 ? 1 : nextRid + 1;
      return new Promise((resolve) => {
        let cancelTimer: () => void = () => {};
        const settle = (result: CallOutcome & { values?: unknown[] }) => {
          if (!waiting.delete(rid)) return;
          cancelTimer();
          resolve(result);
        };
        waiting.set(rid, {
          resolve: (rets) => {
            const values = proxyReturnValues(rets);
            settle({ ok: true, value: values[0], values });
          },
          fail: (detail, unanswered = true) => settle({ ok: false, detail, invoked: true, unanswered }),
        });
        cancelTimer = host.setTimeout(() => {
          if (!waiting.has(rid)) return;
          timedOut.set(
            rid,
            `${interfaceName}.${member}(${args.map((arg) => JSON.stringify(arg) ?? String(arg)).join(', ')})`,
          );
          for (const old of timedOut.keys()) {
            if (timedOut.size <= LATE_ANSWERS_REMEMBERED) break;
            timedOut.delete(old);
          }
          waiting
            .get(rid)
            ?.fail(
              `${interfaceName}.${member} gave no answer within ${timeoutMs} ms (vRP not running, the member is missing or it raised an error; whether it ran is unknown)`,
            );
        }, timeoutMs);
        try {
          host.emit(`${interfaceName}:proxy`, member, options.wrapArgs ? [args] : args, identifier, rid);
        } catch (error) {
          waiting
            .get(rid)
            ?.fail(
              `${interfaceName}.${member} raised while being called (${String(error)}); whether it ran is unknown`,
              false,
            );
        }
      });
    },
    lacks(member) {
      if (closed) return false;
      const rid = nextRid;
      nextRid = nextRid >= 2_000_000_000 ? 1 : nextRid + 1;
      let values: unknown[] | undefined;
      waiting.set(rid, {
        resolve: (rets) => {
          values = proxyReturnValues(rets);
        },
        fail: () => {},
      });
      try {
        host.emit(`${interfaceName}:proxy`, member, 0, identifier, rid);
      } catch {
        return false;
      } finally {
        waiting.delete(rid);
      }
      return values !== undefined && values.length === 0;
    },
    pending: () => waiting.size,
    replyEvent,
    dispose() {
      closed = true;
      off();
      for (const entry of [...waiting.values()])
        entry.fail(`${interfaceName} proxy closed before an answer; whether it ran is unknown`);
    },
  };
}
