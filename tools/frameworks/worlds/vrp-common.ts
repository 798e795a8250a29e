/**
 * What the vRP worlds share: the Proxy event protocol seen from our side (every request and its answer recorded as a
 * call), a FrameworkHost that records the project's adapter's proxy traffic the same way, and a pump for members
 * that yield.
 */
import type { FrameworkHost, PayoutContext, Reward, RewardAdapter } from '../../../src/rewards/types';
import type { VrpAdapterOptions, VrpVariant } from '../../../src/rewards/vrp';
import { type AdapterSteps, ALICE, adapterSteps, withAdapter } from '../adapter';
import type { RecordedCall, SimPlayer, SimServer } from '../host';
import type { ScenarioContext } from '../world';

/** Alice (source 1) is loaded at boot; Bob (source 2) is connected but never loaded. */
export const VRP_PLAYERS: SimPlayer[] = [
  { source: 1, name: 'Alice', identifiers: ['license:1111', 'license2:2222', 'discord:1'] },
  { source: 2, name: 'Bob', identifiers: ['license:3333'] },
];

/** The request and what came back on `vRP:<identifier>:proxy_res`, as JS received it. */
export interface ProxyAnswer {
  rid: unknown;
  rets: unknown;
}

const unanswered = new WeakMap<SimServer, Array<() => void>>();

/**
 * Emits `<iface>:proxy (member, args, identifier, rid)` (iface `vRP` by default) as a JS resource does and records it
 * as a call of path `<iface>:proxy <member>`: `returned` is `{ rid, rets }` of the answer, or a Promise (async) when the member yielded
 * (it settles when the answer comes, or with nothing when `closeProxy` runs first). Returns the answer when it
 * came at once.
 */
export function proxy(
  ctx: ScenarioContext,
  member: string,
  args: unknown[],
  options: { identifier?: string; rid?: number; iface?: string } = {},
): ProxyAnswer | undefined {
  return emitProxy(
    ctx.server,
    options.iface ?? 'vRP',
    member,
    args,
    options.identifier ?? 'vote-reward',
    options.rid ?? 1,
  );
}

function emitProxy(
  server: SimServer,
  iface: string,
  member: string,
  args: unknown[],
  identifier: string,
  rid: number,
): ProxyAnswer | undefined {
  const entry: RecordedCall = {
    resource: 'vrp',
    path: `${iface}:proxy ${member}`,
    args: [member, args, identifier, rid],
  };
  server.recorded.push(entry);
  let answer: ProxyAnswer | undefined;
  let deliver: ((value: ProxyAnswer | undefined) => void) | undefined;
  const off = server.on(`${iface}:${identifier}:proxy_res`, (replyRid, rets) => {
    if (replyRid !== rid) return;
    off();
    answer = { rid: replyRid, rets };
    deliver?.(answer);
  });
  server.emit(`${iface}:proxy`, member, args, identifier, rid);
  if (answer) {
    entry.returned = answer;
    return answer;
  }
  entry.async = true;
  entry.returned = pendingAnswer(server, off, (resolve) => {
    deliver = resolve;
  });
  return undefined;
}

/** A promise for an answer still to come; closing the scenario's proxy calls settles it with nothing. */
function pendingAnswer(
  server: SimServer,
  off: () => void,
  setDeliver: (resolve: (value: ProxyAnswer | undefined) => void) => void,
): Promise<ProxyAnswer | undefined> {
  return new Promise((resolve) => {
    setDeliver(resolve);
    const list = unanswered.get(server) ?? [];
    unanswered.set(server, list);
    list.push(() => {
      off();
      resolve(undefined);
    });
  });
}

/** Ends the scenario's proxy calls: those still unanswered are recorded as having received nothing. */
export function closeProxy(ctx: ScenarioContext): void {
  for (const close of unanswered.get(ctx.server) ?? []) close();
  unanswered.delete(ctx.server);
}

/**
 * The server's FrameworkHost, with every `<interface>:proxy` emit the adapter makes (`vRP`, and vRP 2's
 * `vote_reward_vrp2`) recorded as a call (its answer filled in when `<interface>:<identifier>:proxy_res` comes back).
 */
export function recordingHost(server: SimServer): FrameworkHost {
  const host = server.frameworkHost();
  return {
    ...host,
    emit(event, ...args) {
      const iface = event.endsWith(':proxy') ? event.slice(0, -':proxy'.length) : undefined;
      if (iface === undefined) return host.emit(event, ...args);
      const [member, memberArgs, identifier, rid] = args as [string, unknown[], string, number];
      const entry: RecordedCall = { resource: 'vrp', path: `${event} ${member}`, args };
      server.recorded.push(entry);
      let done = false;
      let deliver: ((value: ProxyAnswer) => void) | undefined;
      const off = server.on(`${iface}:${identifier}:proxy_res`, (replyRid, rets) => {
        if (replyRid !== rid || done) return;
        done = true;
        off();
        if (deliver) deliver({ rid: replyRid, rets });
        else entry.returned = { rid: replyRid, rets };
      });
      host.emit(event, member, memberArgs, identifier, rid);
      if (!done) {
        entry.async = true;
        entry.returned = pendingAnswer(server, off, (resolve) => {
          deliver = resolve;
        });
      }
    },
  };
}

/** Runs the server's threads (50 ms ticks) until `promise` settles or `maxMs` of virtual time passed. */
export async function pump<T>(server: SimServer, promise: Promise<T>, maxMs = 10_000): Promise<T> {
  let settled = false;
  void promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  for (let waited = 0; !settled && waited < maxMs; waited += 50) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (!settled) server.advance(50);
  }
  return promise;
}

/** The project's vRP adapter for `variant` on this world, its proxy traffic recorded (fixed nonce: stable transcripts). */
export async function withVrpAdapter(
  ctx: ScenarioContext,
  variant: VrpVariant,
  rewards: Reward[],
  action: (adapter: RewardAdapter, answer: (label: string, value: unknown) => void) => Promise<void>,
  vrp: Omit<VrpAdapterOptions, 'host' | 'inventory' | 'variant'> = {},
): Promise<void> {
  await withAdapter(
    ctx,
    rewards,
    async (adapter, answer) => {
      await action(adapter, answer);
      closeProxy(ctx);
    },
    {
      framework: 'vrp',
      vrp: { variant, nonce: 'rec', timeoutMs: 2000, ...vrp },
      host: recordingHost(ctx.server),
    },
  );
}

/** Bob as the claim flow would describe him to the vRP adapter (vRP never loads him). */
export const VRP_BOB: PayoutContext = { ...ALICE, source: 2, name: 'Bob', license: 'license:3333' };

/** A scenario `run` that makes the `steps` calls (for `player`, Alice by default) on the project's vRP adapter for `variant`. */
export function vrpAdapterRun(
  variant: VrpVariant,
  rewards: Reward[],
  steps: AdapterSteps,
  vrp: Omit<VrpAdapterOptions, 'host' | 'inventory' | 'variant'> = {},
  player: PayoutContext = ALICE,
): (ctx: ScenarioContext) => Promise<void> {
  return (ctx) =>
    withVrpAdapter(
      ctx,
      variant,
      rewards,
      (adapter, answer) => adapterSteps(adapter, answer, rewards, steps, player),
      vrp,
    );
}

/** A scenario `run`: the vRP adapter's start-up checks for `rewards`, then whether Alice (1) and Bob (2) are ready. */
export function vrpStartupRun(
  variant: VrpVariant,
  rewards: Reward[],
  vrp: Omit<VrpAdapterOptions, 'host' | 'inventory' | 'variant'> = {},
): (ctx: ScenarioContext) => Promise<void> {
  return (ctx) =>
    withVrpAdapter(
      ctx,
      variant,
      rewards,
      async (adapter, answer) => {
        answer('startupProblems', await adapter.startupProblems?.(rewards));
        answer('isPlayerReady(1)', await adapter.isPlayerReady(1));
        answer('isPlayerReady(2)', await adapter.isPlayerReady(2));
      },
      vrp,
    );
}
