/**
 * Choosing the adapter that pays: the framework detected or named, asked whether it can pay every configured reward,
 * and, when it cannot pay a program's rewards, that program (or those shop items) turned off rather than the resource.
 */
import { possibleRewardsOf } from './config/load';
import {
  type DisabledProgram,
  rewardsByPart,
  unpayableShopItems,
  withoutProgram,
  withoutShopItems,
} from './config/optional-programs';
import type { ResourceConfig } from './config/schema';
import { selectAdapter } from './rewards/select';
import type { FrameworkName, RewardAdapter } from './rewards/types';
import type { Runtime } from './runtime/runtime';

/** The adapter chosen for a config, or the lines that say why none can pay. */
export type AdapterChoice =
  | { ok: true; adapter: RewardAdapter & { dispose(): void }; framework: FrameworkName }
  | { ok: false; problems: string[] };

/** Detects or checks the framework, then asks the adapter whether it can pay every configured reward. */
export async function chooseAdapter(runtime: Runtime, config: ResourceConfig): Promise<AdapterChoice> {
  // Points are credited to the ledger, never to the framework: the framework is asked about the rest.
  const rewards = possibleRewardsOf(config).filter((reward) => reward.type !== 'points');
  // vRP 2 loads `lua/vrp2.lua` from this resource by its folder name, which only the runtime knows.
  const vrp = { ...config.vrp, resource: runtime.resourceName };
  const selected = selectAdapter({
    framework: config.framework,
    host: runtime,
    rewards,
    vrp,
    rsg: config.rsg,
  });
  if (!selected.ok) return selected;
  const problems = (await selected.adapter.startupProblems?.(rewards)) ?? [];
  if (problems.length === 0) return selected;
  selected.adapter.dispose();
  return { ok: false, problems };
}

/** An adapter for a config whose programs the framework may not all pay: the programs it cannot pay turned off. */
export type TrimmedChoice =
  | (Extract<AdapterChoice, { ok: true }> & { config: ResourceConfig; disabled: DisabledProgram[] })
  | { ok: false; problems: string[] };

/**
 * Chooses the adapter; when the framework cannot pay every configured reward, finds which part cannot: the vote's own
 * `reward` refuses the start (as always), a program's turns that program off (listed in `disabled`) and the rest pays.
 */
export async function chooseAdapterForParts(
  runtime: Runtime,
  config: ResourceConfig,
): Promise<TrimmedChoice> {
  const whole = await chooseAdapter(runtime, config);
  if (whole.ok) return { ...whole, config, disabled: [] };
  const programs = rewardsByPart(config).flatMap(({ part }) => (part === 'reward' ? [] : [part]));
  const core = programs.reduce(withoutProgram, config);
  const alone = await chooseAdapter(runtime, core);
  if (!alone.ok) return alone;
  alone.adapter.dispose();
  const disabled: DisabledProgram[] = [];
  let trimmed = config;
  for (const program of programs) {
    const withIt = await chooseAdapter(
      runtime,
      programs.filter((p) => p !== program).reduce(withoutProgram, config),
    );
    if (withIt.ok) withIt.adapter.dispose();
    else {
      // A shop item the framework cannot pay turns off that item only, unless no item can be paid.
      const items =
        program === 'shop'
          ? await unpayableShopItems(
              programs.filter((p) => p !== 'shop').reduce(withoutProgram, config),
              async (candidate) => {
                const answer = await chooseAdapter(runtime, candidate);
                if (answer.ok) answer.adapter.dispose();
                return answer;
              },
            )
          : null;
      disabled.push(
        items
          ? { program, problems: items.problems, items: items.ids }
          : { program, problems: withIt.problems },
      );
      trimmed = items ? withoutShopItems(trimmed, items.ids) : withoutProgram(trimmed, program);
    }
  }
  const chosen = await chooseAdapter(runtime, trimmed);
  return chosen.ok ? { ...chosen, config: trimmed, disabled } : chosen;
}
