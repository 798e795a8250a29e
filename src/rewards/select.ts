/**
 * Picks the adapter at start: the configured framework, or the first started one of the registry, else standalone.
 * Then checks that what the chosen adapter will call exists and names whatever is missing.
 */
import { hasExport, isStarted, rewardInputProblem } from './call';
import { validateCommandTemplate } from './custom';
import type { FrameworkDescriptor, FrameworkSettings } from './framework';
import { inventoryProblems } from './inventory';
import { pauseWhileStopped } from './paused';
import { detectFramework, FRAMEWORKS, findFramework } from './registry';
import { createStandaloneAdapter } from './standalone';
import type { DisposableRewardAdapter, FrameworkHost, FrameworkName, InventoryChoice, Reward } from './types';

export { detectFramework } from './registry';

/** Reward types an adapter can give: standalone only custom ones, a framework what its descriptor says. */
export function supportedRewardTypes(name: FrameworkName): readonly Reward['type'][] {
  return name === 'standalone' ? ['custom'] : (findFramework(name)?.rewardTypes ?? []);
}

/** Why `name` cannot pay a reward type, and what it can pay instead (points always: the ledger pays them). */
function unsupportedReward(name: FrameworkName, type: Reward['type']): string {
  if (name === 'standalone')
    return `type "${type}" needs a framework, but standalone supports only custom rewards`;
  const label = findFramework(name)?.label ?? name;
  const instead = `use ${[...supportedRewardTypes(name), 'points'].join(', ')}`;
  if (type === 'bank') return `type "bank": ${label} has no bank account; ${instead}`;
  if (type === 'gold') return `type "gold": gold is VORP's currency, ${label} has none; ${instead}`;
  return `type "${type}": ${label} cannot pay it; ${instead}`;
}

/** One problem per reward the adapter cannot give, or whose own values are invalid. */
export function rewardProblems(name: FrameworkName, rewards: readonly Reward[]): string[] {
  const supported = supportedRewardTypes(name);
  const problems: string[] = [];
  rewards.forEach((reward, index) => {
    const where = `reward[${index}]`;
    const input = rewardInputProblem(reward);
    if (input) {
      problems.push(`${where}: ${input}`);
      return;
    }
    if (!supported.includes(reward.type)) problems.push(`${where}: ${unsupportedReward(name, reward.type)}`);
    if (reward.type === 'custom' && reward.command !== undefined) {
      for (const problem of validateCommandTemplate(reward.command))
        problems.push(`${where}.command: ${problem}`);
    }
  });
  return problems;
}

/** Options of `selectAdapter`. */
export interface SelectAdapterOptions extends FrameworkSettings {
  /** `auto` or the framework to use. */
  framework: 'auto' | FrameworkName;
  host: FrameworkHost;
  /** Configured rewards, checked against what the adapter supports. */
  rewards: readonly Reward[];
  /** Inventory for item rewards (default `auto`). */
  inventory?: InventoryChoice;
}

/** The adapter, or every problem that keeps the resource from paying. */
export type SelectAdapterResult =
  | { ok: true; adapter: DisposableRewardAdapter; framework: FrameworkName }
  | { ok: false; problems: string[] };

/** What `framework` is missing of the exports its adapter calls. */
function exportProblems(host: FrameworkHost, framework: FrameworkDescriptor): string[] {
  const { resource, requiredExports } = framework;
  const problems: string[] = [];
  const missing = (requiredExports.all ?? []).filter((name) => !hasExport(host, resource, name));
  if (missing.length > 0) problems.push(`${resource} is started but does not export ${missing.join(', ')}`);
  const anyOf = requiredExports.anyOf ?? [];
  if (anyOf.length > 0 && !anyOf.some((name) => hasExport(host, resource, name))) {
    problems.push(`${resource} is started but exports neither ${anyOf.join(' nor ')}`);
  }
  return problems;
}

/** Detects or checks the framework, verifies its exports and the rewards, and builds the adapter. */
export function selectAdapter(options: SelectAdapterOptions): SelectAdapterResult {
  const { host, rewards } = options;
  const inventory = options.inventory ?? 'auto';
  const name = options.framework === 'auto' ? detectFramework(host) : options.framework;
  if (name === 'standalone') {
    const problems = rewardProblems(name, rewards);
    if (problems.length > 0) return { ok: false, problems };
    return { ok: true, adapter: createStandaloneAdapter({ host }), framework: name };
  }
  const framework = findFramework(name);
  if (framework === undefined) {
    const known = FRAMEWORKS.map((known) => known.name).join(', ');
    return {
      ok: false,
      problems: [`framework "${String(name)}" is unknown (expected auto, ${known} or standalone)`],
    };
  }
  const problems: string[] = [];
  if (!isStarted(host, framework.resource)) {
    problems.push(
      `framework is "${name}" but ${framework.resource} is not started (state: ${host.resourceState(framework.resource)})`,
    );
  } else {
    problems.push(...exportProblems(host, framework));
  }
  problems.push(...rewardProblems(name, rewards));
  if (rewards.some((reward) => reward.type === 'item')) {
    problems.push(...inventoryProblems(host, framework, inventory));
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    adapter: pauseWhileStopped(
      framework.create({ host, inventory, vrp: options.vrp, rsg: options.rsg }),
      host,
      framework,
    ),
    framework: name,
  };
}
