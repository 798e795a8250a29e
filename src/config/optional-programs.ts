/**
 * The reward programs as parts of the config that can be turned off one by one: a program whose settings are wrong
 * (or whose rewards the framework cannot pay) can be turned off with a line naming why, while the vote's own reward
 * keeps paying. Whether to do so is the caller's choice (`loadConfig(source, { optionalPrograms: true })`).
 */
import type { z } from 'zod';
import { possibleRewards } from '../domain/draw';
import type { RewardSpec } from '../domain/types';
import type { Reward } from '../rewards/types';
import type { ResourceConfig } from './schema';

/** The programs config.json can turn on, by their top-level key. */
export const OPTIONAL_PROGRAMS = [
  'firstVote',
  'milestones',
  'streaks',
  'voteParty',
  'topVoters',
  'discord',
  'allSites',
  'points',
  'shop',
  'reminders',
] as const;

/** One program, by its key in config.json. */
export type OptionalProgram = (typeof OPTIONAL_PROGRAMS)[number];

/** A program turned off at start, with the problems that turned it off. */
export interface DisabledProgram {
  /** The program's key in config.json. */
  program: OptionalProgram;
  /** What is wrong with its settings, one line each. */
  problems: string[];
  /** Shop only: the items turned off (the rest of the shop stays on); absent when the whole program is off. */
  items?: string[];
}

/** `config` with `program` off: none of its rewards is drawn or paid and nothing is posted for it. */
export function withoutProgram(config: ResourceConfig, program: OptionalProgram): ResourceConfig {
  switch (program) {
    case 'firstVote':
      return { ...config, firstVote: null };
    case 'milestones':
      return { ...config, milestones: [] };
    case 'streaks':
      return { ...config, streaks: { ...config.streaks, rewards: [] } };
    case 'voteParty':
      return { ...config, voteParty: { ...config.voteParty, enabled: false } };
    case 'topVoters':
      return { ...config, topVoters: { ...config.topVoters, enabled: false } };
    case 'discord':
      return { ...config, discord: { ...config.discord, enabled: false } };
    case 'allSites':
      return { ...config, allSites: { reward: null } };
    case 'points':
      return { ...config, points: { perVote: 0 } };
    case 'shop':
      return { ...config, shop: { ...config.shop, enabled: false } };
    case 'reminders':
      return { ...config, reminders: { ...config.reminders, enabled: false } };
  }
}

/** `config` with the shop items `ids` off (the rest of the shop unchanged). */
export function withoutShopItems(config: ResourceConfig, ids: readonly string[]): ResourceConfig {
  return {
    ...config,
    shop: { ...config.shop, items: config.shop.items.filter((item) => !ids.includes(item.id)) },
  };
}

/**
 * Which shop items the framework cannot pay, asked one item at a time over `base` (the config with every other
 * program off): those items with their problems, or null when none can be paid (the whole shop is then off).
 * `pays` answers whether the framework can pay a config's rewards (disposing what it built to ask).
 */
export async function unpayableShopItems(
  base: ResourceConfig,
  pays: (config: ResourceConfig) => Promise<{ ok: true } | { ok: false; problems: string[] }>,
): Promise<{ ids: string[]; problems: string[] } | null> {
  const ids: string[] = [];
  const problems: string[] = [];
  for (const item of base.shop.items) {
    const answer = await pays({ ...base, shop: { ...base.shop, items: [item] } });
    if (answer.ok) continue;
    ids.push(item.id);
    problems.push(...answer.problems.map((line) => `item "${item.id}": ${line}`));
  }
  return ids.length === base.shop.items.length ? null : { ids, problems };
}

/**
 * Every reward each part of the config can pay (every option of every choice): `reward`, the vote's own, first,
 * then each program that is on. A framework that cannot pay one of `reward`'s refuses the start; one of a program's
 * can turn that program off ({@link withoutProgram}).
 */
export function rewardsByPart(
  config: ResourceConfig,
): { part: 'reward' | OptionalProgram; rewards: Reward[] }[] {
  const parts: { part: 'reward' | OptionalProgram; specs: RewardSpec[] }[] = [
    {
      part: 'reward',
      specs: [
        ...(Array.isArray(config.reward) ? config.reward : [config.reward]),
        ...config.sites.flatMap((site) => site.rewards ?? []),
      ],
    },
    { part: 'firstVote', specs: config.firstVote?.reward ?? [] },
    { part: 'milestones', specs: config.milestones.flatMap((rule) => rule.reward) },
    { part: 'streaks', specs: config.streaks.rewards.flatMap((rule) => rule.reward) },
    { part: 'voteParty', specs: config.voteParty.enabled ? config.voteParty.reward : [] },
    {
      part: 'topVoters',
      specs: config.topVoters.enabled ? config.topVoters.awards.flatMap((rule) => rule.reward) : [],
    },
    { part: 'allSites', specs: config.sites.length > 0 ? (config.allSites.reward ?? []) : [] },
    { part: 'shop', specs: config.shop.enabled ? config.shop.items.flatMap((item) => item.rewards) : [] },
  ];
  return parts
    .filter(({ specs }) => specs.length > 0)
    .map(({ part, specs }) => ({ part, rewards: possibleRewards(specs) }));
}

/** The program a schema issue is about, or null for a core setting (or an unknown key at the top level). */
export function programOfIssue(issue: z.core.$ZodIssue): OptionalProgram | null {
  const key = issue.path[0];
  return OPTIONAL_PROGRAMS.find((program) => program === key) ?? null;
}
