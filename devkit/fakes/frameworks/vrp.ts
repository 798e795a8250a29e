/**
 * Unit fake of vRP: the shared model (models/vrp.ts, derived from the transcripts test/frameworks/transcripts/vrp1.json,
 * vrp1-current-fxserver.json and vrp2.json; see its header for what is recorded and what is a guess) answering the
 * Proxy event protocol on the unit `FakeHost`: it listens to `vRP:proxy (member, args, identifier, rid)` (and vRP 2's
 * `vote_reward_vrp2:proxy` once loadScript ran vote-reward's script) and, when `rid >= 0`, emits
 * `<interface>:<identifier>:proxy_res (rid, rets)`. Replies are synchronous (inside the emit) unless the
 * member waits (recorded: `getLastLogin`) or `reply` says otherwise: `delayed` (after a timer, as when a member
 * yields on SQL) or `never`; a member that raises never answers. `rets` is a sequence (vRP 1) or a `table.pack` map.
 */
import { VRP2_READY_INTERFACE } from '../../../src/rewards/vrp';
import type { FakeHost } from './host';
import { createVrpModel, type VrpItemDef, type VrpUser, type VrpVariant } from './models/vrp';

/** How the fake answers. */
export type VrpReplyMode = 'sync' | 'delayed' | 'never';

/** Options of the fake vRP. */
export interface FakeVrpOptions {
  /** vRP 1 / vRPex, vRP 2 or Creative member names. */
  variant?: VrpVariant;
  /** Creative: the base has `CheckWeight` (default true here, a guess: the recorded base has none). */
  checkWeight?: boolean;
  /** Creative: free slots of every inventory (GenerateItem drops what finds no slot). */
  slots?: number;
  /** When replies arrive. */
  reply?: VrpReplyMode;
  /** Delay of `delayed` replies (and of members that wait on the database). */
  delayMs?: number;
  /** Shape of `rets` (default: sequence, packed for vRP 2). */
  rets?: 'sequence' | 'packed';
  /** Expect the args table wrapped once more (old forks). */
  wrappedArgs?: boolean;
  /** Items known to vRP: a weight (kg) or the whole definition. */
  items?: Record<string, number | VrpItemDef>;
  /** Max inventory weight (kg). */
  maxWeight?: number;
  /** vRP 1.0 on a current FXServer: giveMoney credits, then raises and never answers. */
  clientUpdatesRaise?: boolean;
  /** Creative: database queries wait this long (GiveBank answers and credits only then). */
  dbDelayMs?: number;
  /** vRP 2: the folder vote-reward is installed as, whose lua/vrp2.lua loadScript can run (default `vote-reward`). */
  voteReward?: string;
}

/** Creates the fake vRP on the host. */
export function createFakeVrp(fake: FakeHost, options: FakeVrpOptions = {}) {
  const weights = options.items ?? { bread: 1, dollar: 0 };
  const model = createVrpModel({
    variant: options.variant ?? 'vrp1',
    items: Object.fromEntries(
      Object.entries(weights).map(([name, def]) => [
        name,
        typeof def === 'number' ? { name, weight: def } : def,
      ]),
    ),
    maxWeight: options.maxWeight ?? 10,
    checkWeight: options.checkWeight ?? true,
    slots: options.slots,
    dbDelayMs: options.dbDelayMs,
    clientUpdatesRaise: options.clientUpdatesRaise,
    voteReward: options.voteReward,
    print: (line) => printed.push(line),
  });
  const calls: { member: string; args: unknown[] }[] = [];
  const printed: string[] = [];
  let reply: VrpReplyMode = options.reply ?? 'sync';
  const raising = new Set<string>();

  const answerOn =
    (iface: string) => (member: unknown, rawArgs: unknown, identifier: unknown, rid: unknown) => {
      // An interface nobody added has no handler in vRP: the request gets no answer.
      if (iface !== 'vRP' && !model.interfaces().includes(iface)) return;
      const args = ((options.wrappedArgs ? (rawArgs as unknown[])[0] : rawArgs) ?? []) as unknown[];
      calls.push({ member: String(member), args });
      if (raising.has(String(member))) return;
      const answer = model.call(String(member), args, iface);
      if (answer.kind === 'later' && (typeof rid !== 'number' || rid < 0 || reply === 'never'))
        fake.host.setTimeout(() => answer.apply?.(), options.dbDelayMs ?? options.delayMs ?? 100);
      if (answer.kind === 'raised' || typeof rid !== 'number' || rid < 0 || reply === 'never') return;
      const send = () => {
        if (answer.kind === 'later') answer.apply?.();
        fake.host.emit(
          `${iface}:${String(identifier)}:proxy_res`,
          rid,
          model.rets(answer.values, options.rets),
        );
      };
      if (reply === 'sync' && answer.kind === 'now') send();
      else fake.host.setTimeout(send, options.dbDelayMs ?? options.delayMs ?? 100);
    };
  fake.host.on('vRP:proxy', answerOn('vRP'));
  fake.host.on(`${VRP2_READY_INTERFACE}:proxy`, answerOn(VRP2_READY_INTERFACE));

  return {
    model,
    calls,
    /** What vRP printed (unknown members). */
    printed,
    /** Spawns a user: vRP assigns the user id when the player joins (vRP 2: with character `id`, loaded). */
    join(src: number, id: number): VrpUser {
      return model.join(src, id);
    },
    /** The player left: vRP forgets the user. */
    drop(src: number): void {
      model.drop(src);
    },
    /** Changes how replies arrive. */
    setReply(mode: VrpReplyMode) {
      reply = mode;
    },
    /** Makes a member raise a Lua error from now on: vRP prints it and never answers. */
    raise(member: string) {
      raising.add(member);
    },
    user: (id: number) => model.users.get(id),
    /** Sets the weight a user carries besides the items (kg). */
    setWeight(id: number, weight: number) {
      const user = model.users.get(id);
      if (user) user.ballast = weight - model.weight({ ...user, ballast: 0 });
    },
  };
}
