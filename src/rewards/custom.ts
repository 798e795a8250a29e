/**
 * Custom rewards: a console command template and/or a server event. They work on every framework.
 *
 * A template is written by the server owner (trusted); the values put into it come from players (hostile).
 * The FXServer console splits commands on `;` and line breaks and arguments on spaces, groups them with double
 * quotes, and the chat renders `^0`-`^9` colour codes. A filled value therefore keeps only an allow-list of
 * characters (after NFKC, so full-width `；` or `＂` cannot sneak back in as `;` or `"`), and a value with a space
 * that sits outside quotes in the template is wrapped in quotes so it stays one argument.
 */
import { describeError } from '../runtime/errors';
import { frameworkError, outcomeUnknown, PAID } from './call';
import type { CustomReward, FrameworkHost, PayoutContext, PayoutResult } from './types';

/** Placeholders a command template may contain. */
export const TEMPLATE_PLACEHOLDERS = ['source', 'name', 'license', 'vote_id'] as const;

/** One placeholder name. */
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

/** Longest filled value, in code points: FiveM names are at most a few dozen characters. */
export const MAX_VALUE_LENGTH = 64;

const PLACEHOLDER = /\{([a-z_]+)\}/g;
const COLOUR_CODE = /\^[0-9]/g;
// Letters, combining marks, digits, space and punctuation that means nothing to the console or the chat.
const ALLOWED_CHAR = /[\p{L}\p{M}\p{N} _\-.()[\]!?@+=:,]/u;
const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/** Lists what is wrong with a command template; empty when it can be used. */
export function validateCommandTemplate(template: unknown): string[] {
  if (typeof template !== 'string') return [`command template must be a string, got ${typeof template}`];
  const problems: string[] = [];
  if (template.trim() === '') problems.push('command template is empty');
  if (CONTROL.test(template)) problems.push('command template contains a line break or control character');
  if ((template.match(/"/g)?.length ?? 0) % 2 !== 0) {
    problems.push('command template has an unbalanced double quote');
  }
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name)) {
      problems.push(`command template uses unknown placeholder {${name}} (known: ${knownPlaceholders()})`);
    }
  }
  return problems;
}

function knownPlaceholders(): string {
  return TEMPLATE_PLACEHOLDERS.map((p) => `{${p}}`).join(', ');
}

/** Reduces a player-controlled value to characters that cannot start a command, an argument or a colour. */
export function sanitizeCommandValue(value: string): string {
  const normalized = value.normalize('NFKC').replace(COLOUR_CODE, '');
  let out = '';
  let length = 0;
  for (const char of normalized) {
    if (!ALLOWED_CHAR.test(char)) continue;
    if (length >= MAX_VALUE_LENGTH) break;
    out += char;
    length++;
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/** Values placed into a template. */
export interface TemplateValues {
  /** Server id of the player. */
  source: number;
  /** In-game name of the player. */
  name: string;
  /** `license:` identifier of the player. */
  license: string;
  /** Vote id returned by the claim. */
  voteId: string;
}

/** A filled command, or why the template cannot be used. */
export type FillResult = { ok: true; command: string } | { ok: false; problems: string[] };

/** Fills a template; every player-controlled value is sanitised and kept to one argument. */
export function fillCommandTemplate(template: string, values: TemplateValues): FillResult {
  const problems = validateCommandTemplate(template);
  if (problems.length > 0) return { ok: false, problems };
  if (!Number.isInteger(values.source) || values.source <= 0) {
    return {
      ok: false,
      problems: [`player source must be a positive integer, got ${String(values.source)}`],
    };
  }
  const raw: Record<TemplatePlaceholder, string> = {
    source: String(values.source),
    name: values.name,
    license: values.license,
    vote_id: values.voteId,
  };
  let command = '';
  let inQuotes = false;
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const at = match.index ?? 0;
    const before = template.slice(last, at);
    inQuotes = quoteStateAfter(before, inQuotes);
    const value = sanitizeCommandValue(raw[match[1] as TemplatePlaceholder]);
    const needsQuotes = !inQuotes && (value === '' || value.includes(' '));
    command += before + (needsQuotes ? `"${value}"` : value);
    last = at + match[0].length;
  }
  command += template.slice(last);
  return { ok: true, command };
}

function quoteStateAfter(text: string, inQuotes: boolean): boolean {
  let state = inQuotes;
  for (const char of text) if (char === '"') state = !state;
  return state;
}

/** Payload of the server event a custom reward emits. */
export interface CustomRewardEventPayload {
  /** Vote id returned by the claim. */
  vote_id: string;
  /** In-game name used for the claim. */
  username: string;
  /** `license:` identifier of the player. */
  license: string;
}

/**
 * Runs a custom reward: the command (filled safely) first, then the event. A command that could not be run is a
 * `framework_error` (nothing happened); an event whose emit threw is `outcome_unknown`, since listeners run
 * synchronously and some may have acted, and the command before it has run anyway.
 */
export async function giveCustomReward(
  host: FrameworkHost,
  ctx: PayoutContext,
  reward: CustomReward,
): Promise<PayoutResult> {
  let command: string | undefined;
  if (reward.command) {
    const filled = fillCommandTemplate(reward.command, {
      source: ctx.source,
      name: ctx.name,
      license: ctx.license,
      voteId: ctx.voteId,
    });
    if (!filled.ok) return frameworkError(filled.problems.join('; '));
    command = filled.command;
  }
  const refused = command === undefined ? null : commandRefusal(host, command);
  if (refused !== null) return frameworkError(`${refused}; nothing was run`);
  try {
    if (command !== undefined) host.executeCommand(command);
  } catch (error) {
    return frameworkError(`console command failed: ${describeError(error)}`);
  }
  try {
    if (reward.event) {
      const payload: CustomRewardEventPayload = {
        vote_id: ctx.voteId,
        username: ctx.name,
        license: ctx.license,
      };
      host.emit(reward.event, ctx.source, payload);
    }
  } catch (error) {
    const ran = command !== undefined ? `the console command ran, then ` : '';
    return outcomeUnknown(
      `${ran}event ${reward.event} failed: ${describeError(error)}; its listeners may or may not have acted`,
    );
  }
  return PAID;
}

/**
 * Why FXServer would refuse to run `command` (a filled template or a template) for this resource, with the line that
 * allows it, or null when it runs or the host cannot tell (a command no resource registered yet).
 */
export function commandRefusal(
  host: Pick<FrameworkHost, 'commandAccess' | 'resourceName'>,
  command: string,
): string | null {
  const name = /^\s*"?([^\s";]+)/.exec(command)?.[1];
  if (name === undefined || host.commandAccess?.(name) !== 'denied') return null;
  return `FXServer does not let this resource run the restricted command ${name}: add \`add_ace resource.${host.resourceName ?? 'vote-reward'} command.${name} allow\` to server.cfg`;
}
