import { zoneProblem, zoneWarning } from '../domain/calendar';
import { possibleRewards } from '../domain/draw';
import type { RewardSpec } from '../domain/types';
import { FRAMEWORK_CHOICES, findFramework } from '../rewards/registry';
import type { Reward } from '../rewards/types';
import { safeUrl } from '../runtime/redact';
import { formatIssues } from './format-issues';
import { engineJsonProblem, jsonSyntaxProblem } from './json-syntax';
import { type DisabledProgram, type OptionalProgram, programOfIssue } from './optional-programs';
import { configSchema, type ResourceConfig } from './schema';
import { siteFactsOf } from './site-facts';
import { siteProblems } from './sites';

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

/** The heading printed above the problems when they are all config.json's (no `title` is returned then). */
export const CONFIG_PROBLEMS_TITLE = 'not started, config.json has problems:';

/** Where the API address came from, so messages name the setting to check. */
export type ApiUrlSource = 'convar' | 'config';

/**
 * Result of loading the configuration: either a usable config, with the programs turned off and the warnings to
 * print when there are any, or every problem found. A problem with a value set in server.cfg names its convar;
 * `title` is then the heading to print instead of {@link CONFIG_PROBLEMS_TITLE}.
 */
export type ConfigLoadResult =
  | {
      ok: true;
      config: ResourceConfig;
      /** Where `config.apiUrl` came from: a non-empty server.cfg convar wins over config.json. */
      apiUrlSource: ApiUrlSource;
      disabled?: DisabledProgram[];
      warnings?: string[];
    }
  | { ok: false; problems: string[]; title?: string };

/** How {@link loadConfig} treats a program whose settings are wrong. */
export interface LoadOptions {
  /**
   * True: a reward program with wrong settings is turned off (listed in `disabled`, to be printed) and the rest
   * loads; false (the default): any wrong setting refuses the whole config.
   */
  optionalPrograms?: boolean;
}

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

/** The points a claimed vote earns, as a reward paid after the vote's own (`points.perVote`; none when 0). */
export function votePointsOf(config: ResourceConfig): RewardSpec[] {
  return config.points.perVote > 0 ? [{ type: 'points', amount: config.points.perVote }] : [];
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
    ...config.sites.map((site) => site.rewards ?? []),
    config.sites.length > 0 ? (config.allSites.reward ?? []) : [],
    votePointsOf(config),
    ...(config.shop.enabled ? config.shop.items.map((item) => item.rewards) : []),
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

/** Where a value came from, as problems name it: the config.json key, or the convar and server.cfg. */
interface Origin {
  /** The name a problem starts with (`apiUrl`, or `vote_reward_api_url (set in server.cfg)`). */
  where: string;
  /** True when the value came from a convar. */
  convar: boolean;
}

/** The value config.json gave `key`, replaced by the convar `convar` when server.cfg sets it. */
function pick(fromFile: string, key: string, convar: string, source: ConfigSource): [string, Origin] {
  const set = source.convar(convar)?.trim();
  return set
    ? [set, { where: `${convar} (set in server.cfg)`, convar: true }]
    : [fromFile, { where: key, convar: false }];
}

/** Parses, validates and completes config.json with convars; never throws. */
export function loadConfig(source: ConfigSource, options: LoadOptions = {}): ConfigLoadResult {
  let raw: unknown = {};
  if (source.text !== null) {
    const text = stripBom(source.text);
    try {
      raw = JSON.parse(text);
    } catch (error) {
      return { ok: false, problems: [syntaxLine(text, error)] };
    }
  }
  const validated = validate(raw, options.optionalPrograms === true);
  if (!validated.ok) return validated;

  const { config, disabled } = validated;
  const [apiKey, key] = pick(config.apiKey, 'apiKey', API_KEY_CONVAR, source);
  const [apiUrl, url] = pick(config.apiUrl, 'apiUrl', API_URL_CONVAR, source);
  config.apiKey = apiKey;
  config.apiUrl = apiUrl;

  const fileProblems: string[] = [];
  const convarProblems: string[] = [];
  const add = (origin: Origin, problem: string | null) => {
    if (problem) (origin.convar ? convarProblems : fileProblems).push(problem);
  };
  add(key, checkApiKey(apiKey, key));
  add(url, checkApiUrl(apiUrl, url));
  if (isPlaceholderUrl(config.voteUrl)) {
    fileProblems.push(
      `voteUrl: set voteUrl in config.json to your server's vote page on your listing site (it is still the placeholder ${JSON.stringify(config.voteUrl)})`,
    );
  }
  convarProblems.push(...siteProblems(config.sites, siteFactsOf));
  const zone = zoneProblem(config.timeZone);
  if (zone) fileProblems.push(`timeZone: ${zone}`);
  if (config.framework === 'standalone') fileProblems.push(...standaloneProblems(possibleRewardsOf(config)));
  const clash = remindersCommandClash(config);
  if (clash && options.optionalPrograms) {
    disabled.push({ program: 'reminders', problems: [clash] });
    config.reminders = { ...config.reminders, enabled: false };
  } else if (clash) fileProblems.push(clash);
  const problems = [...convarProblems, ...fileProblems];
  if (problems.length === 0) {
    const warning = zoneWarning(config.timeZone);
    const warnings = [...(warning ? [`timeZone: ${warning}`] : []), ...migrateReminderMinutes(config, raw)];
    return {
      ok: true,
      config,
      apiUrlSource: url.convar ? 'convar' : 'config',
      ...(disabled.length > 0 ? { disabled } : {}),
      ...(warnings.length > 0 ? { warnings } : {}),
    };
  }
  // Not started anyway: the programs' problems are listed too, so that one edit fixes everything.
  problems.push(...disabled.flatMap((program) => program.problems));
  if (convarProblems.length === 0) return { ok: false, problems };
  const title =
    problems.length === convarProblems.length
      ? 'not started, server.cfg has problems:'
      : 'not started, server.cfg and config.json have problems:';
  return { ok: false, problems, title };
}

/**
 * What is wrong with `reminders.command` when reminders are on and it is the name of another player command (FiveM
 * keeps the first handler of a name, so one of the two would never answer), or null.
 */
export function remindersCommandClash(config: ResourceConfig): string | null {
  if (!config.reminders.enabled) return null;
  const name = config.reminders.command;
  const others: [string, string | null][] = [
    ['command', config.command],
    ['the vote link command', config.poll.enabled ? `${config.command}link` : null],
    ['topVoters.command', config.topVoters.enabled ? config.topVoters.command : null],
    ['shop.command', config.shop.enabled ? config.shop.command : null],
    [
      'shop.pointsCommand',
      config.shop.enabled || config.points.perVote > 0 ? config.shop.pointsCommand : null,
    ],
    ['the admin command', 'votereward'],
  ];
  const taken = others.find(([, other]) => other === name);
  return taken
    ? `reminders.command: "${name}" is already ${taken[0]}; give the reminders their own command name (default "votereminders")`
    : null;
}

/**
 * 0.4.0's `poll.reminderMinutes` (one global timer) read into the `reminders` section, with the console line that says
 * so: N > 0 with no `reminders` section in config.json turns reminders on, repeating every N minutes, the first one N
 * minutes after joining (at most an hour) as before; beside a `reminders` section it is ignored. Changes `config`.
 */
export function migrateReminderMinutes(config: ResourceConfig, raw: unknown): string[] {
  const minutes = config.poll.reminderMinutes;
  if (minutes <= 0) return [];
  const own = typeof raw === 'object' && raw !== null && 'reminders' in raw;
  if (own)
    return [
      `poll.reminderMinutes: ignored, the reminders section sets the reminders; remove poll.reminderMinutes (docs/programs.md#reminders)`,
    ];
  const joinDelaySeconds = Math.min(minutes * 60, 3600);
  config.reminders = { ...config.reminders, enabled: true, repeatMinutes: minutes, joinDelaySeconds };
  return [
    `poll.reminderMinutes: read as reminders.enabled true, reminders.repeatMinutes ${minutes}, reminders.joinDelaySeconds ${joinDelaySeconds}; reminders now follow each site's next-vote time and players can turn them off. Move the setting to the reminders section (docs/programs.md#reminders)`,
  ];
}

/**
 * Config is read once a start (and on a reload): zod's compiled fast path for objects would cost more to generate and
 * compile (`new Function`, one per object schema, about 10 ms of a cold start) than it saves on one read.
 */
const ONCE = { jitless: true };

/** Checks config.json against the schema; with `optional`, a program whose settings are wrong is turned off. */
function validate(
  raw: unknown,
  optional: boolean,
): { ok: true; config: ResourceConfig; disabled: DisabledProgram[] } | { ok: false; problems: string[] } {
  const parsed = configSchema.safeParse(raw, ONCE);
  if (parsed.success) return { ok: true, config: parsed.data, disabled: [] };
  const context = { input: raw, schema: configSchema };
  const refused = { ok: false as const, problems: formatIssues(parsed.error.issues, context) };
  const programs = parsed.error.issues.map(programOfIssue);
  if (!optional || typeof raw !== 'object' || raw === null) return refused;
  const broken = [...new Set(programs)];
  if (broken.includes(null)) return refused;
  const rest = Object.fromEntries(Object.entries(raw).filter(([key]) => !(broken as string[]).includes(key)));
  const retried = configSchema.safeParse(rest, ONCE);
  if (!retried.success) return refused;
  const disabled = (broken as OptionalProgram[]).map((program) => ({
    program,
    problems: formatIssues(
      parsed.error.issues.filter((issue) => programOfIssue(issue) === program),
      context,
    ),
  }));
  return { ok: true, config: retried.data, disabled };
}

/** The line naming a JSON syntax mistake: line, column, the fix, and the line as written. */
function syntaxLine(text: string, error: unknown): string {
  const found = jsonSyntaxProblem(text) ?? engineJsonProblem(text, error);
  if (!found)
    return `config.json: not valid JSON (${error instanceof Error ? error.message : String(error)})`;
  const line = found.excerpt === '' ? '' : ` (the line reads: ${found.excerpt})`;
  return `config.json line ${found.line}, column ${found.column}: ${found.hint}${line}`;
}

function checkApiKey(value: string, origin: Origin): string | null {
  if (value === PLACEHOLDER_API_KEY) {
    const fix = origin.convar ? 'set it' : `set \`${API_KEY_CONVAR}\` in server.cfg`;
    return `${origin.where}: ${fix} to the key from your listing site's Integrations page (it is still the placeholder "${PLACEHOLDER_API_KEY}")`;
  }
  if (value === '')
    return `apiKey: missing; put \`set ${API_KEY_CONVAR} "live_..."\` in server.cfg or "apiKey" in config.json`;
  if (/\s/.test(value)) return `${origin.where}: expected a key without spaces, got ${maskKey(value)}`;
  return null;
}

/** The frameworks that can pay a reward type, as config.json names them, for messages. */
const frameworksPaying = (type: Reward['type']): string =>
  FRAMEWORK_CHOICES.filter((name) => findFramework(name)?.rewardTypes.includes(type)).join(', ');

/** Problems with rewards that the standalone adapter cannot give (it has no money or inventory). */
export function standaloneProblems(rewards: readonly Reward[]): string[] {
  return rewards.flatMap((reward, index) =>
    reward.type === 'custom' || reward.type === 'points'
      ? []
      : [
          `reward${rewards.length > 1 ? `[${index}]` : ''}.type: "${reward.type}" needs a framework (${frameworksPaying(reward.type)}); standalone can only give "custom" rewards`,
        ],
  );
}

/** The API path the client appends to apiUrl; owners often paste it from the site's docs. */
const API_PATH = /\/api\/v1(?:\/|$)/i;

function checkApiUrl(value: string, origin: Origin): string | null {
  if (value === '')
    return `apiUrl: missing; set "apiUrl" in config.json or \`set ${API_URL_CONVAR} "https://..."\``;
  const at = origin.where;
  // The address is printed without its userinfo, query and fragment: a key pasted there stays out of the console.
  const shown = JSON.stringify(safeUrl(value));
  let url: URL;
  try {
    // The WHATWG parser refuses an http(s) URL without a host, so a parsed one always has one.
    url = new URL(value);
  } catch {
    return `${at}: expected an http(s) URL, got ${shown}`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `${at}: expected an http(s) URL, got ${shown}`;
  }
  if (url.username !== '' || url.password !== '')
    return `${at}: expected an address without user:password@ (the key goes in \`${API_KEY_CONVAR}\`, never in the URL), got ${shown}`;
  if (url.search !== '' || url.hash !== '')
    return `${at}: expected a base URL without ?query or #hash, got ${shown}`;
  if (isPlaceholderUrl(value) && origin.convar)
    return `${at}: set it to your listing site's address (it is still the placeholder ${shown})`;
  if (isPlaceholderUrl(value)) {
    return `apiUrl: set apiUrl in config.json (or \`set ${API_URL_CONVAR} "https://..."\` in server.cfg) to your listing site's address (it is still the placeholder ${shown})`;
  }
  const api = API_PATH.exec(url.pathname);
  if (api) {
    const root = `${url.origin}${url.pathname.slice(0, api.index)}`;
    return `${at} is the site root; remove /api/v1 (got ${shown}, use ${JSON.stringify(root)})`;
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
