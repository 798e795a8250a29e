/**
 * The vRP 2 adapter. vRP 2's Proxy interface offers other resources only `loadScript`, which runs a Lua file of any
 * resource inside vRP: it pays nothing, so only custom rewards work, and whether a player is loaded is asked through
 * `lua/vrp2.lua`, which loadScript runs inside vRP 2 and which adds an interface of ours answering `isReady(source)`
 * from vRP 2's own `User:isReady()`. Recorded against vRP 2's real code: test/frameworks/transcripts/vrp2.json.
 */
import { createAdapter } from '../base';
import type { DisposableRewardAdapter, Reward } from '../types';
import type { VrpAdapterOptions } from './members';
import { createVrpProxy } from './proxy';

/** The Proxy interface `lua/vrp2.lua` adds inside vRP 2 (also what the script returns, so loadScript proves it ran). */
export const VRP2_READY_INTERFACE = 'vote_reward_vrp2';

/** The script loadScript runs, as vRP 2's `module` names files: a path in the resource without `.lua`. */
export const VRP2_READY_SCRIPT = 'lua/vrp2';

/** Default name of this resource, whose `lua/vrp2.lua` vRP 2 loads. */
export const DEFAULT_RESOURCE = 'vote-reward';

const VRP2_ONLY_CUSTOM =
  'vRP 2 offers other resources only loadScript through its Proxy, so it cannot pay money, bank or item rewards; use custom rewards (a command or an event) on vRP 2';

/** Creates the vRP 2 adapter: custom rewards, paid only to a player whose vRP 2 character is loaded. */
export function createVrp2Adapter(options: VrpAdapterOptions): DisposableRewardAdapter {
  const { host } = options;
  const resource = options.resource ?? DEFAULT_RESOURCE;
  const proxy = createVrpProxy(options);
  const ready = createVrpProxy({ ...options, interfaceName: VRP2_READY_INTERFACE, wrapArgs: false });
  let warned = false;

  /** Has vRP 2 run our script (it keeps it loaded until vRP restarts); why not, when it has not. */
  const loadScript = async (): Promise<string | undefined> => {
    const outcome = await proxy.call('loadScript', resource, VRP2_READY_SCRIPT);
    const call = `vRP.loadScript("${resource}", "${VRP2_READY_SCRIPT}")`;
    if (!outcome.ok) {
      return `${call} failed (${outcome.detail}); vRP prints why: ${VRP2_READY_SCRIPT}.lua missing from this resource (install the whole release zip), or the resource folder not named ${resource}`;
    }
    if (outcome.value !== VRP2_READY_INTERFACE) {
      return `${call} answered ${JSON.stringify(outcome.value) ?? 'nothing'}, not "${VRP2_READY_INTERFACE}": this vRP is not vRP 2, or ${VRP2_READY_SCRIPT}.lua is not vote-reward's`;
    }
    return undefined;
  };

  return createAdapter({
    name: 'vrp',
    host,
    async isPlayerReady(source) {
      const problem = await loadScript();
      if (problem !== undefined) {
        if (!warned) host.log.warn(`vRP 2: no player can be found loaded, so nothing is paid: ${problem}`);
        warned = true;
        return false;
      }
      warned = false;
      const answer = await ready.call('isReady', source);
      return answer.ok && answer.value === true;
    },
    async startupProblems(rewards: readonly Reward[]) {
      const problems = rewards.some((reward) => reward.type !== 'custom') ? [VRP2_ONLY_CUSTOM] : [];
      const problem = await loadScript();
      if (problem !== undefined) {
        problems.push(
          `${problem}; without it vote-reward cannot tell a loaded vRP 2 character from a loading screen and pays nobody`,
        );
      }
      return problems;
    },
    dispose() {
      proxy.dispose();
      ready.dispose();
    },
  });
}
