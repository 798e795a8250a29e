/**
 * Every framework the resource can pay through, in detection order: ox_core first (when it runs it is the framework;
 * a qb-core or es_extended beside it is a compatibility bridge), then qbx_core because it also answers as qb-core. Adding a framework is its adapter module (which exports a descriptor) plus one line here.
 */
import { isStarted } from './call';
import { ESX_FRAMEWORK } from './esx';
import type { FrameworkDescriptor } from './framework';
import { ND_CORE_FRAMEWORK } from './nd-core';
import { OX_CORE_FRAMEWORK } from './ox-core';
import { QBCORE_FRAMEWORK } from './qbcore';
import { QBOX_FRAMEWORK } from './qbox';
import { RSG_FRAMEWORK } from './rsg';
import type { FrameworkHost } from './types';
import { VORP_FRAMEWORK } from './vorp';
import { VRP_FRAMEWORK } from './vrp';

/** The frameworks, in the order `framework: "auto"` looks for them. */
export const FRAMEWORKS = [
  OX_CORE_FRAMEWORK,
  QBOX_FRAMEWORK,
  QBCORE_FRAMEWORK,
  ESX_FRAMEWORK,
  VRP_FRAMEWORK,
  ND_CORE_FRAMEWORK,
  RSG_FRAMEWORK,
  VORP_FRAMEWORK,
] as const;

/** A framework's name in config.json. */
export type DetectableFramework = (typeof FRAMEWORKS)[number]['name'];

/** The descriptor of `name`, if it is a framework. */
export function findFramework(name: string): FrameworkDescriptor | undefined {
  return FRAMEWORKS.find((framework) => framework.name === name);
}

/** The first framework whose resource is started, else `standalone`. */
export function detectFramework(host: FrameworkHost): DetectableFramework | 'standalone' {
  return FRAMEWORKS.find((framework) => isStarted(host, framework.resource))?.name ?? 'standalone';
}

/** Every value of `framework` in config.json: `auto`, each framework by name, `standalone`. */
export const FRAMEWORK_CHOICES = [
  'auto',
  ...FRAMEWORKS.map((framework) => framework.name).sort(),
  'standalone',
] as ['auto', ...(DetectableFramework | 'standalone')[]];
