/**
 * The proxy calls the vRP 1 and Creative adapters share: getters read as numbers, the loaded-user gate in front of
 * every payout and reading, and the start-up probes that find a member vRP lacks without running it.
 */
import { type CallOutcome, frameworkError, PAID, payingCallFailed, refuse } from '../call';
import type { FrameworkHost, PayoutResult, Reading } from '../types';
import { readNumber } from '../verify';
import { isUserId, type VrpMembers, type VrpVariant } from './members';
import type { VrpProxy } from './proxy';

/** What the adapters of one variant call vRP with. */
export interface VrpCalls {
  readonly proxy: VrpProxy;
  readonly names: VrpMembers;
  /** A getter's answer as a number; an empty answer means vRP lacks the member (a getter always returns a value). */
  query(member: string, ...args: unknown[]): Promise<Reading & { raw?: unknown }>;
  /** The user id (vRP 1) or passport (Creative) of a source. */
  userId(source: number): Promise<CallOutcome>;
  /** Runs a payout for the source's user; `player_not_loaded` when vRP has none. */
  payAs(source: number, run: (id: number | string) => Promise<PayoutResult>): Promise<PayoutResult>;
  /** Runs a reading for the source's user. */
  readAs(source: number, run: (id: number | string) => Promise<Reading>): Promise<Reading>;
  /** A paying member's answer: they return nothing, so only a failure to answer says anything. */
  sent(outcome: CallOutcome): PayoutResult;
  /** Calls each getter with harmless arguments: no answer is a problem, an empty answer a missing member. */
  probeMembers(
    probes: readonly (readonly [string, readonly unknown[]])[],
    missing: (member: string) => string,
  ): Promise<string[]>;
  /** Paying members the rewards use that vRP lacks (a base that renamed them), one line each, each asked once. */
  missingPayingMembers(keys: (keyof VrpMembers)[]): string[];
}

/** Creates the shared calls over one proxy client. */
export function createVrpCalls(
  host: FrameworkHost,
  proxy: VrpProxy,
  names: VrpMembers,
  variant: VrpVariant,
): VrpCalls {
  const query = async (member: string, ...args: unknown[]): Promise<Reading & { raw?: unknown }> => {
    const outcome = await proxy.call(member, ...args);
    if (!outcome.ok) return { ok: false, detail: outcome.detail };
    if ((outcome.values ?? []).length === 0) {
      return {
        ok: false,
        detail: `vRP.${member} answered nothing: this vRP has no member ${member} (variant ${variant})`,
      };
    }
    return { ...readNumber(`vRP.${member}`, outcome.value), raw: outcome.value };
  };

  const userId = (source: number): Promise<CallOutcome> => proxy.call(names.userId, source);

  const withUser = async <T>(
    source: number,
    notLoaded: T,
    failed: (detail: string) => T,
    run: (id: number | string) => Promise<T>,
  ): Promise<T> => {
    const id = await userId(source);
    if (!id.ok) return failed(id.detail);
    if (!isUserId(id.value)) return notLoaded;
    return run(id.value);
  };

  const probedMembers = new Set<string>();

  return {
    proxy,
    names,
    query,
    userId,
    payAs: (source, run) =>
      withUser<PayoutResult>(source, refuse({ code: 'player_not_loaded' }), frameworkError, run),
    readAs: (source, run) =>
      withUser<Reading>(
        source,
        { ok: false, detail: 'the player is not loaded' },
        (detail) => ({ ok: false, detail }),
        run,
      ),
    sent: (outcome) => (outcome.ok ? PAID : payingCallFailed(outcome)),
    async probeMembers(probes, missing) {
      const problems: string[] = [];
      for (const [member, args] of probes) {
        const outcome = await proxy.call(member, ...args);
        if (!outcome.ok) problems.push(`vRP did not answer ${member}: ${outcome.detail}`);
        else if ((outcome.values ?? []).length === 0) problems.push(missing(member));
      }
      return problems;
    },
    missingPayingMembers(keys) {
      const byMember = new Map<string, (keyof VrpMembers)[]>();
      for (const key of keys) {
        if (!probedMembers.has(names[key]))
          byMember.set(names[key], [...(byMember.get(names[key]) ?? []), key]);
      }
      for (const member of byMember.keys()) probedMembers.add(member);
      if (byMember.size === 0) return [];
      host.log.info(
        `checking that vRP has ${[...byMember.keys()].join(', ')} without calling them; vRP prints one "table expected, got number" error for each one it has, which is expected`,
      );
      return [...byMember]
        .filter(([member]) => proxy.lacks(member))
        .map(
          ([member, memberKeys]) =>
            `vRP has no member ${member} (${memberKeys.map((key) => `vrp.members.${key}`).join(', ')}, variant ${variant}): set "vrp": { "members": { "${memberKeys[0]}": ... } } in config.json to the name your base uses`,
        );
    },
  };
}

/** The start-up line for a getter vRP answered nothing for: the variant is likely wrong, or the base renamed it. */
export function missingGetterLine(
  variant: VrpVariant,
  others: readonly VrpVariant[],
): (member: string) => string {
  return (member: string) =>
    `vRP answered nothing for ${member}: this vRP does not have it. Set "vrp": { "variant": ... } in config.json to ${others.filter((v) => v !== variant).join(' or ')}, or name the members your base uses`;
}
