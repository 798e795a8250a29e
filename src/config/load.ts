import type { z } from 'zod';
import { zoneProblem } from '../programs/calendar';
import { possibleRewards } from '../programs/draw';
import type { RewardSpec } from '../programs/types';
import { FRAMEWORK_CHOICES } from '../rewards/registry';
import type { Reward } from '../rewards/types';
import { describeError } from '../runtime/errors';
import { configSchema, type ResourceConfig } from './schema';

/** Convar that holds the API key; it wins over `apiKey` in config.json. */
export const API_KEY_CONVAR = 'vote_reward_api_key';
/** Convar that holds the API base URL; it wins over `apiUrl` in config.json. */
export const API_URL_CONVAR = 'vote_reward_api_url';

/** The address config.json ships with; the start-up check refuses it until the owner sets the real one. */
export const PLACEHOLDER_API_URL = 'https://your-listing-site.example';
/** The vote page config.json ships with; refused like {@link PLACEHOLDER_API_URL}. */
export const PLACEHOLDER_VOTE_URL = `${PLACEHOLDER_API_URL}/servers/YOUR_SERVER_ID/vote`;
/** The key the README's server.cfg example shows, refused so a copied example does not reach the site. */
export const PLACEHOLDER_API_KEY = 'live_your_key_here';

/** Result of loading the configuration: either a usable config or every problem found. */
export type ConfigLoadResult = { ok: true; config: ResourceConfig } | { ok: false; problems: string[] };

/** Inputs of {@link loadConfig}: the raw file text and a convar reader. */
export interface ConfigSource {
  /** Text of config.json, or null when the file is missing. */
  text: string | null;
  /** Convar value, or null when unset. */
  convar(name: string): string | null;
}

/** The configured reward entries of one vote as a list, whether config.json holds one entry or several. */
export function rewardsOf(config: ResourceConfig): RewardSpec[] {
  return Array.isArray(config.reward) ? config.reward : [config.reward];
}

/** Every reward any program can pay (every option of every choice), for the start-up checks of the framework. */
export function possibleRewardsOf(config: ResourceConfig): Reward[] {
  const lists: RewardSpec[][] = [
    rewardsOf(config),
    config.firstVote?.reward ?? [],
    ...config.milestones.map((rule) => rule.reward),
    ...config.streaks.rewards.map((rule) => rule.reward),
    config.voteParty.enabled ? config.voteParty.reward : [],
    ...(config.topVoters.enabled ? config.topVoters.awards.map((rule) => rule.reward) : []),
  ];
  const seen = new Set<string>();
  return lists.flatMap(possibleRewards).filter((reward) => {
    const key = JSON.stringify(reward);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Masks a key for logs: the prefix and the last 4 characters only (`live_****abcd`). */
export function maskKey(key: string): string {
  if (key.length === 0) return '(none)';
  const prefix = /^[a-z]+_/.exec(key)?.[0] ?? '';
  const tail = key.length - prefix.length > 8 ? key.slice(-4) : '';
  return `${prefix}****${tail}`;
}

/** Parses, validates and completes config.json with convars; never throws. */
export function loadConfig(source: ConfigSource): ConfigLoadResult {
  let raw: unknown = {};
  if (source.text !== null) {
    try {
      raw = JSON.parse(stripBom(source.text));
    } catch (error) {
      return { ok: false, problems: [`config.json: not valid JSON (${describeError(error)})`] };
    }
  }
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, problems: formatIssues(parsed.error.issues, raw) };

  const config = parsed.data;
  const keyConvar = source.convar(API_KEY_CONVAR)?.trim();
  if (keyConvar) config.apiKey = keyConvar;
  const urlConvar = source.convar(API_URL_CONVAR)?.trim();
  if (urlConvar) config.apiUrl = urlConvar;

  const problems: string[] = [];
  if (config.apiKey === PLACEHOLDER_API_KEY) {
    problems.push(
      `apiKey: set \`${API_KEY_CONVAR}\` in server.cfg to the key from your listing site's Integrations page (it is still the placeholder "${PLACEHOLDER_API_KEY}")`,
    );
  } else if (config.apiKey === '') {
    problems.push(
      `apiKey: missing; put \`set ${API_KEY_CONVAR} "live_..."\` in server.cfg or "apiKey" in config.json`,
    );
  } else if (/\s/.test(config.apiKey)) {
    problems.push(`apiKey: expected a key without spaces, got ${maskKey(config.apiKey)}`);
  }
  const urlProblem = checkApiUrl(config.apiUrl);
  if (urlProblem) problems.push(urlProblem);
  if (isPlaceholderUrl(config.voteUrl)) {
    problems.push(
      `voteUrl: set voteUrl in config.json to your server's vote page on your listing site (it is still the placeholder ${JSON.stringify(config.voteUrl)})`,
    );
  }
  const zone = zoneProblem(config.timeZone);
  if (zone) problems.push(`timeZone: ${zone}`);
  if (config.framework === 'standalone') problems.push(...standaloneProblems(possibleRewardsOf(config)));
  return problems.length > 0 ? { ok: false, problems } : { ok: true, config };
}

/** The frameworks as config.json names them, for messages. */
const FRAMEWORK_LIST = FRAMEWORK_CHOICES.filter((name) => name !== 'auto' && name !== 'standalone').join(
  ', ',
);

/** Problems with rewards that the standalone adapter cannot give (it has no money or inventory). */
export function standaloneProblems(rewards: readonly Reward[]): string[] {
  return rewards.flatMap((reward, index) =>
    reward.type === 'custom'
      ? []
      : [
          `reward${rewards.length > 1 ? `[${index}]` : ''}.type: "${reward.type}" needs a framework (${FRAMEWORK_LIST}); standalone can only give "custom" rewards`,
        ],
  );
}

/** The API path the client appends to apiUrl; owners often paste it from the site's docs. */
const API_PATH = /\/api\/v1(?:\/|$)/i;

function checkApiUrl(value: string): string | null {
  if (value === '')
    return `apiUrl: missing; set "apiUrl" in config.json or \`set ${API_URL_CONVAR} "https://..."\``;
  let url: URL;
  try {
    // The WHATWG parser refuses an http(s) URL without a host, so a parsed one always has one.
    url = new URL(value);
  } catch {
    return `apiUrl: expected an http(s) URL, got ${JSON.stringify(value)}`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `apiUrl: expected an http(s) URL, got ${JSON.stringify(value)}`;
  }
  if (url.search !== '' || url.hash !== '')
    return `apiUrl: expected a base URL without ?query or #hash, got ${JSON.stringify(value)}`;
  if (isPlaceholderUrl(value)) {
    return `apiUrl: set apiUrl in config.json (or \`set ${API_URL_CONVAR} "https://..."\` in server.cfg) to your listing site's address (it is still the placeholder ${JSON.stringify(value)})`;
  }
  const api = API_PATH.exec(url.pathname);
  if (api) {
    const root = `${url.origin}${url.pathname.slice(0, api.index)}`;
    return `apiUrl is the site root; remove /api/v1 (got ${JSON.stringify(value)}, use ${JSON.stringify(root)})`;
  }
  return null;
}

/** True for a URL still on the shipped placeholder's host or with its `YOUR_SERVER_ID`. */
function isPlaceholderUrl(value: string): boolean {
  if (value.includes('YOUR_SERVER_ID')) return true;
  try {
    return new URL(value).hostname === new URL(PLACEHOLDER_API_URL).hostname;
  } catch {
    return false;
  }
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Turns zod issues into one line per problem: the field, what was expected and what was found. */
export function formatIssues(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  base: PropertyKey[] = [],
): string[] {
  return issues.flatMap((issue) => formatIssue(issue, input, [...base, ...issue.path]));
}

function formatIssue(issue: z.core.$ZodIssue, input: unknown, path: PropertyKey[]): string[] {
  const found = describe(valueAt(input, path));
  const at = formatPath(path);
  switch (issue.code) {
    case 'invalid_union': {
      if ('options' in issue && Array.isArray(issue.options) && issue.errors.length === 0) {
        const options = issue.options.map(String).join(', ');
        return [`${formatPath([...path])}: expected one of ${options}, got ${found}`];
      }
      // Keep the branch that matched the value's shape (an object vs a list), so the message names the inner field.
      const matching = narrowBranches(issue.errors.filter((branch) => !wrongType(branch)));
      const chosen = matching.length === 1 ? matching[0] : undefined;
      if (chosen) return formatIssues(chosen, input, path);
      const choice = keyChoice(matching, valueAt(input, path));
      if (choice) return [`${at}: ${choice}`];
      return [`${at}: expected ${describeUnion(issue.errors)}, got ${found}`];
    }
    case 'invalid_type':
      return [
        `${at}: expected ${issue.expected === 'int' ? 'a whole number' : issue.expected}, got ${found}`,
      ];
    case 'invalid_value':
      return [`${at}: expected ${oneOf(issue.values)}, got ${found}`];
    case 'too_small':
      return [
        `${at}: expected ${bound(issue.origin, '≥', 'at least', issue.minimum, issue.inclusive)}, got ${found}`,
      ];
    case 'too_big':
      return [
        `${at}: expected ${bound(issue.origin, '≤', 'at most', issue.maximum, issue.inclusive)}, got ${found}`,
      ];
    case 'invalid_format':
      return [`${at}: expected ${formatName(issue)}, got ${found}`];
    case 'not_multiple_of':
      return [`${at}: expected a multiple of ${String(issue.divisor)}, got ${found}`];
    case 'unrecognized_keys':
      return issue.keys.map((key) => `${formatPath([...path, key])}: unknown setting (check the spelling)`);
    default:
      return [`${at}: ${issue.message}`];
  }
}

/** True when a union branch refused the value's type itself (directly, or in every branch of a nested union). */
function wrongType(branch: readonly z.core.$ZodIssue[]): boolean {
  return branch.some(
    (inner) =>
      inner.path.length === 0 &&
      (inner.code === 'invalid_type' ||
        (inner.code === 'invalid_union' && inner.errors.length > 0 && inner.errors.every(wrongType))),
  );
}

/**
 * Of the union branches the value's type fits, the ones its keys fit: a branch that found unknown keys at the
 * value's own level (a reward read as a `oneOf` choice) goes, then one whose only complaint is a missing
 * discriminator, while another branch remains.
 */
function narrowBranches(branches: (readonly z.core.$ZodIssue[])[]): (readonly z.core.$ZodIssue[])[] {
  let kept = branches;
  const drop = (test: (branch: readonly z.core.$ZodIssue[]) => boolean) => {
    const rest = kept.filter((branch) => !test(branch));
    if (rest.length > 0) kept = rest;
  };
  drop((branch) => branch.some((inner) => inner.code === 'unrecognized_keys' && inner.path.length === 0));
  // A discriminated union reports its missing discriminator at the discriminator's own key (`type`).
  drop(
    (branch) =>
      branch.length === 1 &&
      branch[0]?.code === 'invalid_union' &&
      branch[0].path.length <= 1 &&
      'options' in branch[0],
  );
  return kept;
}

/**
 * Object branches that each need one key of their own (a milestone's `at` or `every`): says that both were given,
 * or that none was (naming the unknown keys, often the misspelled one); null when the branches differ otherwise.
 */
function keyChoice(branches: readonly (readonly z.core.$ZodIssue[])[], value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || branches.length < 2) return null;
  const missing: string[] = [];
  const unknown: string[][] = [];
  for (const branch of branches) {
    const absent = branch.filter(
      (inner) =>
        inner.code === 'invalid_type' && inner.path.length === 1 && !(String(inner.path[0]) in value),
    );
    const extra = branch.filter((inner) => inner.code === 'unrecognized_keys' && inner.path.length === 0);
    if (absent.length + extra.length !== branch.length || absent.length > 1) return null;
    missing.push(...absent.map((inner) => String(inner.path[0])));
    unknown.push(extra.flatMap((inner) => (inner.code === 'unrecognized_keys' ? inner.keys : [])));
  }
  const quote = (keys: readonly string[]) => keys.map((key) => JSON.stringify(key)).join(' or ');
  const everywhere = (unknown[0] ?? []).filter((key) => unknown.every((keys) => keys.includes(key)));
  if (missing.length === 0) {
    const together = Object.keys(value).filter(
      (key) => unknown.flat().includes(key) && !everywhere.includes(key),
    );
    return together.length > 1 ? `use ${quote(together)}, not both` : null;
  }
  if (missing.length !== branches.length) return null;
  const spelling =
    everywhere.length > 0 ? ` (${quote(everywhere)} is not a setting here: check the spelling)` : '';
  return `expected ${quote(missing)}, got neither${spelling}`;
}

function describeUnion(branches: readonly (readonly z.core.$ZodIssue[])[]): string {
  const expectedOf = (branch: readonly z.core.$ZodIssue[]): string[] =>
    branch.flatMap((inner) =>
      inner.code === 'invalid_type'
        ? [inner.expected]
        : inner.code === 'invalid_union' && inner.path.length === 0
          ? inner.errors.flatMap(expectedOf)
          : [],
    );
  const expected = branches.flatMap(expectedOf);
  return expected.length > 0 ? [...new Set(expected)].join(' or ') : 'a valid value';
}

function oneOf(values: readonly unknown[]): string {
  const shown = values.map((value) => JSON.stringify(value));
  return shown.length === 1 ? (shown[0] ?? '') : `one of ${shown.join(', ')}`;
}

function bound(origin: string, symbol: string, words: string, limit: unknown, inclusive?: boolean): string {
  const value = String(limit);
  if (origin === 'string') return `${words} ${value} character${value === '1' ? '' : 's'}`;
  if (origin === 'array') return `${words} ${value} item${value === '1' ? '' : 's'}`;
  return `a number ${inclusive === false ? symbol.replace('≥', '>').replace('≤', '<') : symbol} ${value}`;
}

function formatName(issue: z.core.$ZodIssue): string {
  if (issue.code !== 'invalid_format') return 'a valid value';
  if (issue.format === 'url') return 'an http(s) URL';
  if (issue.format === 'regex') return issue.message;
  return `a valid ${issue.format}`;
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'config';
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);
  return String(value);
}
