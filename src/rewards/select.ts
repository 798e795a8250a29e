/**
 * Picks the adapter at start: the configured framework, or the first started one in the order
 * qbx_core, qb-core, es_extended, vrp (qbx_core first because it also answers as qb-core), else standalone.
 * Then checks that what the chosen adapter will call exists and names whatever is missing.
 */
import { hasExport, isStarted, rewardInputProblem } from './call';
import { validateCommandTemplate } from './custom';
import { createEsxAdapter, ES_EXTENDED } from './esx';
import { OX_INVENTORY, OX_INVENTORY_EXPORTS } from './ox-inventory';
import { QB_INVENTORY, QB_INVENTORY_EXPORTS } from './qb-inventory';
import { createQbcoreAdapter, QB_CORE } from './qbcore';
import { createQboxAdapter, QBX_CORE } from './qbox';
import { createStandaloneAdapter } from './standalone';
import type { DisposableRewardAdapter, FrameworkHost, FrameworkName, InventoryChoice, Reward } from './types';
import { createVrpAdapter, VRP, type VrpAdapterOptions } from './vrp';

/** Resource that carries each framework. */
export const FRAMEWORK_RESOURCES: Readonly<Record<Exclude<FrameworkName, 'standalone'>, string>> = {
  qbox: QBX_CORE,
  qbcore: QB_CORE,
  esx: ES_EXTENDED,
  vrp: VRP,
};

/** Detection order for `framework: 'auto'`. */
export const DETECTION_ORDER: readonly Exclude<FrameworkName, 'standalone'>[] = [
  'qbox',
  'qbcore',
  'esx',
  'vrp',
];

/** The first framework whose resource is started, else `standalone`. */
export function detectFramework(host: FrameworkHost): FrameworkName {
  return DETECTION_ORDER.find((name) => isStarted(host, FRAMEWORK_RESOURCES[name])) ?? 'standalone';
}

/** Reward types an adapter can give. */
export function supportedRewardTypes(name: FrameworkName): readonly Reward['type'][] {
  return name === 'standalone' ? ['custom'] : ['money', 'bank', 'item', 'custom'];
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
    if (!supported.includes(reward.type)) {
      problems.push(
        `${where}: type "${reward.type}" needs a framework, but ${name} supports only ${supported.join(', ')} rewards`,
      );
    }
    if (reward.type === 'custom' && reward.command !== undefined) {
      for (const problem of validateCommandTemplate(reward.command))
        problems.push(`${where}.command: ${problem}`);
    }
  });
  return problems;
}

/** Options of `selectAdapter`. */
export interface SelectAdapterOptions {
  /** `auto` or the framework to use. */
  framework: 'auto' | FrameworkName;
  /** The FiveM boundary. */
  host: FrameworkHost;
  /** Configured rewards, checked against what the adapter supports. */
  rewards: readonly Reward[];
  /** Inventory for item rewards (default `auto`). */
  inventory?: InventoryChoice;
  /** vRP settings (variant, member names, identifier, timeout, cash item, wrapped args). */
  vrp?: Omit<VrpAdapterOptions, 'host' | 'inventory'>;
}

/** The adapter, or every problem that keeps the resource from paying. */
export type SelectAdapterResult =
  | { ok: true; adapter: DisposableRewardAdapter; framework: FrameworkName }
  | { ok: false; problems: string[] };

function missingExports(host: FrameworkHost, resource: string, names: readonly string[]): string[] {
  return names.filter((name) => !hasExport(host, resource, name));
}

function exportProblems(host: FrameworkHost, name: FrameworkName): string[] {
  switch (name) {
    case 'esx':
      return hasExport(host, ES_EXTENDED, 'RunStaticPlayerMethod') ||
        hasExport(host, ES_EXTENDED, 'getSharedObject')
        ? []
        : [`${ES_EXTENDED} is started but exports neither RunStaticPlayerMethod nor getSharedObject`];
    case 'qbcore':
      return hasExport(host, QB_CORE, 'GetCoreObject')
        ? []
        : [`${QB_CORE} is started but does not export GetCoreObject`];
    case 'qbox': {
      const missing = missingExports(host, QBX_CORE, ['GetPlayer', 'AddMoney', 'GetMoney']);
      return missing.length === 0 ? [] : [`${QBX_CORE} is started but does not export ${missing.join(', ')}`];
    }
    default:
      return [];
  }
}

function oxProblems(host: FrameworkHost): string[] {
  const missing = missingExports(host, OX_INVENTORY, OX_INVENTORY_EXPORTS);
  return missing.length === 0 ? [] : [`${OX_INVENTORY} is started but does not export ${missing.join(', ')}`];
}

function inventoryProblems(host: FrameworkHost, name: FrameworkName, choice: InventoryChoice): string[] {
  const ox = isStarted(host, OX_INVENTORY);
  if (choice === 'ox_inventory' && !ox)
    return [`item rewards are set to use ${OX_INVENTORY}, which is not started`];
  if (choice !== 'framework' && ox) return oxProblems(host);
  if (name === 'qbox') return [`item rewards on Qbox need ${OX_INVENTORY}, which is not started`];
  if (name === 'qbcore') {
    if (!isStarted(host, QB_INVENTORY)) {
      return [`item rewards on QBCore need ${OX_INVENTORY} or ${QB_INVENTORY}, and neither is started`];
    }
    const missing = missingExports(host, QB_INVENTORY, QB_INVENTORY_EXPORTS);
    return missing.length === 0
      ? []
      : [`${QB_INVENTORY} is started but does not export ${missing.join(', ')}`];
  }
  return [];
}

/** Detects or checks the framework, verifies its exports and the rewards, and builds the adapter. */
export function selectAdapter(options: SelectAdapterOptions): SelectAdapterResult {
  const { host, rewards } = options;
  const inventory = options.inventory ?? 'auto';
  const name = options.framework === 'auto' ? detectFramework(host) : options.framework;
  const problems: string[] = [];

  if (name !== 'standalone') {
    const resource = FRAMEWORK_RESOURCES[name];
    if (resource === undefined) {
      return {
        ok: false,
        problems: [
          `framework "${String(name)}" is unknown (expected auto, ${DETECTION_ORDER.join(', ')} or standalone)`,
        ],
      };
    }
    if (!isStarted(host, resource)) {
      problems.push(
        `framework is "${name}" but ${resource} is not started (state: ${host.resourceState(resource)})`,
      );
    } else {
      problems.push(...exportProblems(host, name));
    }
  }
  problems.push(...rewardProblems(name, rewards));
  if (name !== 'standalone' && rewards.some((reward) => reward.type === 'item')) {
    problems.push(...inventoryProblems(host, name, inventory));
  }
  if (problems.length > 0) return { ok: false, problems };

  const adapter = buildAdapter(name, options, inventory);
  return { ok: true, adapter, framework: name };
}

function buildAdapter(
  name: FrameworkName,
  options: SelectAdapterOptions,
  inventory: InventoryChoice,
): DisposableRewardAdapter {
  const { host } = options;
  switch (name) {
    case 'esx':
      return createEsxAdapter({ host, inventory });
    case 'qbcore':
      return createQbcoreAdapter({ host, inventory });
    case 'qbox':
      return createQboxAdapter({ host });
    case 'vrp':
      return createVrpAdapter({ ...options.vrp, host, inventory });
    case 'standalone':
      return createStandaloneAdapter({ host });
  }
}
