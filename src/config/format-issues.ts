import type { z } from 'zod';
import { suggestion } from '../domain/suggest';
import { FRAMEWORKS } from '../rewards/registry';
import { safeUrl } from '../runtime/redact';
import { DISCORD_WEBHOOK_CONVAR } from './webhook-url';

/** Other names owners give a framework: its resource's name (`qb-core`, `es_extended`) and short forms. */
const FRAMEWORK_ALIASES: Record<string, string> = {
  ...Object.fromEntries(FRAMEWORKS.map((framework) => [framework.resource, framework.name])),
  qb: 'qbcore',
  qbx: 'qbox',
};

/** A zod schema as far as walking it to a path needs. */
type Walkable = z.core.$ZodType;

/**
 * The setting names (object keys) the schema allows at `path`, every branch of a union together; empty when the
 * path leads nowhere. Used to suggest the name an unknown key was meant to be.
 */
export function settingNamesAt(schema: Walkable, path: readonly PropertyKey[]): string[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string) => def[key] as Walkable;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return settingNamesAt(inner('innerType'), path);
    case 'pipe':
      return settingNamesAt(inner('in'), path);
    case 'union':
      return [...new Set((def.options as Walkable[]).flatMap((option) => settingNamesAt(option, path)))];
    case 'array':
      return typeof path[0] === 'number' ? settingNamesAt(inner('element'), path.slice(1)) : [];
    case 'object': {
      const shape = def.shape as Record<string, Walkable>;
      if (path.length === 0) return Object.keys(shape);
      const next = shape[String(path[0])];
      return next ? settingNamesAt(next, path.slice(1)) : [];
    }
    default:
      return [];
  }
}

/** What {@link formatIssues} needs besides the issues: the value checked and the schema it was checked with. */
export interface IssueContext {
  /** The value the schema refused (config.json as parsed). */
  input: unknown;
  /** The schema, to name the settings an unknown key may have meant. */
  schema: Walkable;
}

/** Turns zod issues into one line per problem: the field, what was expected and what was found. */
export function formatIssues(
  issues: readonly z.core.$ZodIssue[],
  context: IssueContext,
  base: PropertyKey[] = [],
): string[] {
  return issues.flatMap((issue) => formatIssue(issue, context, [...base, ...issue.path]));
}

function formatIssue(issue: z.core.$ZodIssue, context: IssueContext, path: PropertyKey[]): string[] {
  const { input } = context;
  const value = valueAt(input, path);
  // A URL setting is printed without its userinfo, query and fragment, where keys and tokens travel.
  const found = describe(typeof value === 'string' && isUrlSetting(issue, path) ? safeUrl(value) : value);
  const at = formatPath(path);
  switch (issue.code) {
    case 'invalid_union': {
      if ('options' in issue && Array.isArray(issue.options) && issue.errors.length === 0) {
        const options = issue.options.map(String);
        return [`${at}: expected one of ${options.join(', ')}, got ${found}${suggestion(value, options)}`];
      }
      // Keep the branch that matched the value's shape (an object vs a list), so the message names the inner field.
      const matching = narrowBranches(issue.errors.filter((branch) => !wrongType(branch)));
      const chosen = matching.length === 1 ? matching[0] : undefined;
      if (chosen) return formatIssues(chosen, context, path);
      const choice = keyChoice(matching, value);
      if (choice) return [`${at}: ${choice}`];
      return [`${at}: expected ${describeUnion(issue.errors)}, got ${found}`];
    }
    case 'invalid_type':
      return [
        `${at}: expected ${issue.expected === 'int' ? 'a whole number' : issue.expected}, got ${found}`,
      ];
    case 'invalid_value':
      return [
        `${at}: expected ${oneOf(issue.values)}, got ${found}${valueSuggestion(issue.values, value, path)}`,
      ];
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
      return issue.keys.map((key) => {
        if (path.length === 1 && path[0] === 'discord' && /webhook|url/i.test(key))
          return `${formatPath([...path, key])}: not a config.json setting; the webhook address is a secret, so it goes in server.cfg: set ${DISCORD_WEBHOOK_CONVAR} "https://discord.com/api/webhooks/..."`;
        const names = settingNamesAt(context.schema, path).filter((name) => !(name in Object(value)));
        return `${formatPath([...path, key])}: unknown setting${suggestion(key, names, ' (check the spelling)')}`;
      });
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
  const meant = everywhere.length === 1 ? suggestion(everywhere[0], missing) : '';
  const spelling =
    everywhere.length === 0
      ? ''
      : ` (${quote(everywhere)} is not a setting here${meant || ': check the spelling'})`;
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

/** The did-you-mean of a value outside an enum; `framework` also knows the frameworks' resource names. */
function valueSuggestion(values: readonly unknown[], value: unknown, path: readonly PropertyKey[]): string {
  const choices = values.filter((choice): choice is string => typeof choice === 'string');
  return suggestion(
    value,
    choices,
    '',
    path.length === 1 && path[0] === 'framework' ? FRAMEWORK_ALIASES : {},
  );
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

/** True for an issue about a URL: a `url` format, or a setting whose name ends in `url` (`voteUrl`, `baseUrl`). */
function isUrlSetting(issue: z.core.$ZodIssue, path: readonly PropertyKey[]): boolean {
  if (issue.code === 'invalid_format' && issue.format === 'url') return true;
  const last = path[path.length - 1];
  return typeof last === 'string' && /url$/i.test(last);
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
