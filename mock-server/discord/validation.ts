/**
 * The body checks of Discord's "Execute Webhook" (JSON bodies only), with Discord's limits and error shapes:
 * `50035 Invalid Form Body` with an `errors` tree naming each field (`embeds.0.fields.3.value._errors`), and
 * `50006 Cannot send an empty message`. Lengths count code points, as Discord (Python) does. Error codes and
 * messages follow Discord's; their exact wording for rare type errors is an approximation.
 */

/** Discord's documented limits of a webhook message. */
export const DISCORD_LIMITS = {
  content: 2000,
  username: 80,
  embeds: 10,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
  embedTotal: 6000,
} as const;

/** One error of a field, as Discord lists it under `_errors`. */
export interface FieldError {
  code: string;
  message: string;
}

/** Discord's error body. */
export interface DiscordErrorBody {
  code: number;
  message: string;
  errors?: Record<string, unknown>;
}

/** The outcome of checking a body: the message to store, or Discord's 400 body. */
export type ExecuteCheck =
  | { ok: true; message: Record<string, unknown> }
  | { ok: false; body: DiscordErrorBody };

type Json = Record<string, unknown>;

const length = (text: string) => [...text].length;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Collects errors into Discord's nested `errors` tree. */
class ErrorTree {
  readonly root: Json = {};
  count = 0;

  add(path: readonly (string | number)[], error: FieldError): void {
    let node = this.root;
    for (const part of path) {
      const key = String(part);
      node[key] ??= {};
      node = node[key] as Json;
    }
    const list = (node._errors as FieldError[] | undefined) ?? [];
    list.push(error);
    node._errors = list;
    this.count += 1;
  }
}

const tooLong = (max: number): FieldError => ({
  code: 'BASE_TYPE_MAX_LENGTH',
  message: `Must be ${max} or fewer in length.`,
});
const REQUIRED: FieldError = { code: 'BASE_TYPE_REQUIRED', message: 'This field is required' };
const notString = (value: unknown): FieldError => ({
  code: 'BASE_TYPE_STRING',
  message: `Could not interpret "${String(JSON.stringify(value)).slice(0, 50)}" as string.`,
});
const NOT_OBJECT: FieldError = {
  code: 'MODEL_TYPE_CONVERT',
  message: 'Only dictionaries may be used in a ModelType',
};
const NOT_LIST: FieldError = {
  code: 'LIST_TYPE_CONVERT',
  message: 'Only iterables may be used in a ListType',
};
const NOT_BOOLEAN: FieldError = { code: 'BASE_TYPE_BOOLEAN', message: 'Must be either true or false.' };

/** Checks an optional (or required) string field; returns its length in code points (0 when absent or bad). */
function text(
  tree: ErrorTree,
  parent: Json,
  key: string,
  path: readonly (string | number)[],
  max: number,
  required = false,
): number {
  const value = parent[key];
  if (value === undefined || value === null) {
    if (required) tree.add([...path, key], REQUIRED);
    return 0;
  }
  if (typeof value !== 'string') {
    tree.add([...path, key], notString(value));
    return 0;
  }
  const count = length(value);
  if (count > max) tree.add([...path, key], tooLong(max));
  else if (required && value.trim() === '') {
    tree.add([...path, key], { code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
  }
  return count;
}

function checkEmbed(tree: ErrorTree, embed: unknown, index: number): number {
  const path = ['embeds', index];
  if (!isObject(embed)) {
    tree.add(path, NOT_OBJECT);
    return 0;
  }
  const L = DISCORD_LIMITS;
  let total =
    text(tree, embed, 'title', path, L.title) + text(tree, embed, 'description', path, L.description);
  if (embed.fields !== undefined) {
    if (!Array.isArray(embed.fields)) tree.add([...path, 'fields'], NOT_LIST);
    else {
      if (embed.fields.length > L.fields) tree.add([...path, 'fields'], tooLong(L.fields));
      embed.fields.forEach((field, i) => {
        const at = [...path, 'fields', i];
        if (!isObject(field)) {
          tree.add(at, NOT_OBJECT);
          return;
        }
        total +=
          text(tree, field, 'name', at, L.fieldName, true) +
          text(tree, field, 'value', at, L.fieldValue, true);
        if (field.inline !== undefined && typeof field.inline !== 'boolean')
          tree.add([...at, 'inline'], NOT_BOOLEAN);
      });
    }
  }
  for (const [key, inner, max] of [
    ['footer', 'text', L.footerText],
    ['author', 'name', L.authorName],
  ] as const) {
    const part = embed[key];
    if (part === undefined || part === null) continue;
    if (!isObject(part)) tree.add([...path, key], NOT_OBJECT);
    else total += text(tree, part, inner, [...path, key], max, true);
  }
  return total;
}

/** Substrings no webhook name may contain (compared case-insensitively). */
const NAME_SUBSTRINGS = ['discord', 'clyde', '@', '#', ':', '```'];
/** Names a webhook may not have (the whole trimmed name, case-insensitively). */
const NAME_RESERVED = ['everyone', 'here'];
const NAME_INVISIBLE = /\p{Cc}|\p{Cf}/u;

/**
 * Why Discord refuses a webhook's name (create) or a message's `username` (execute), or null; the length limit is
 * checked apart. Discord documents: a webhook name must not contain "clyde" or "discord" (case-insensitive) and
 * follows the nickname rules, up to 80 characters (https://docs.discord.com/developers/resources/webhook, Create
 * Webhook); names are trimmed and may not hold "some zero-width and non-rendering characters"; usernames may not
 * contain `@`, `#`, `:`, "```" nor be "everyone" or "here" (https://docs.discord.com/developers/resources/user,
 * Usernames and Nicknames). Those last rules are the username ones: Discord was seen to accept `@`, `#` and "```"
 * in webhook names (discord/discord-api-docs#4293, 2021) and to refuse "here" (USERNAME_INVALID, 2025). The sink
 * applies them all, so a name it accepts is one Discord accepts. Codes and messages are the ones Discord answers.
 */
export function webhookNameProblem(name: string): FieldError | null {
  const trimmed = name.trim();
  if (trimmed === '') return { code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 80 in length.' };
  if (NAME_INVISIBLE.test(name)) return { code: 'USERNAME_INVALID', message: 'Username is invalid' };
  const lower = trimmed.toLowerCase();
  const part = NAME_SUBSTRINGS.find((sub) => lower.includes(sub));
  if (part !== undefined) {
    return { code: 'USERNAME_INVALID_CONTAINS', message: `Username cannot contain "${part}"` };
  }
  if (NAME_RESERVED.includes(lower)) {
    return { code: 'USERNAME_INVALID', message: `Username cannot be "${lower}"` };
  }
  return null;
}

const MENTION_TYPES = ['roles', 'users', 'everyone'];

function checkAllowedMentions(tree: ErrorTree, value: unknown): void {
  if (value === undefined || value === null) return;
  if (!isObject(value)) {
    tree.add(['allowed_mentions'], NOT_OBJECT);
    return;
  }
  const parse = value.parse;
  if (parse === undefined) return;
  if (!Array.isArray(parse)) {
    tree.add(['allowed_mentions', 'parse'], NOT_LIST);
    return;
  }
  parse.forEach((item, i) => {
    if (typeof item !== 'string' || !MENTION_TYPES.includes(item)) {
      tree.add(['allowed_mentions', 'parse', i], {
        code: 'ENUM_TYPE_COERCE',
        message: `Value "${String(item).slice(0, 50)}" is not a valid enum value.`,
      });
    }
  });
}

/** Checks a parsed JSON body against Discord's rules of "Execute Webhook". */
export function checkExecuteBody(body: unknown): ExecuteCheck {
  const tree = new ErrorTree();
  if (!isObject(body)) {
    tree.add([], NOT_OBJECT);
    return { ok: false, body: { code: 50035, message: 'Invalid Form Body', errors: tree.root } };
  }
  const L = DISCORD_LIMITS;
  text(tree, body, 'content', [], L.content);
  const usernameLength = text(tree, body, 'username', [], L.username);
  if (typeof body.username === 'string' && usernameLength <= L.username) {
    const problem = webhookNameProblem(body.username);
    if (problem) tree.add(['username'], problem);
  }
  text(tree, body, 'avatar_url', [], 2048);
  if (body.tts !== undefined && typeof body.tts !== 'boolean') tree.add(['tts'], NOT_BOOLEAN);
  let embedsTotal = 0;
  const embeds = body.embeds;
  if (embeds !== undefined && embeds !== null) {
    if (!Array.isArray(embeds)) tree.add(['embeds'], NOT_LIST);
    else {
      if (embeds.length > L.embeds) tree.add(['embeds'], tooLong(L.embeds));
      embeds.forEach((embed, i) => {
        embedsTotal += checkEmbed(tree, embed, i);
      });
      if (embedsTotal > L.embedTotal) {
        tree.add(['embeds'], {
          code: 'MAX_EMBED_SIZE_EXCEEDED',
          message: `Embed size exceeds maximum size of ${L.embedTotal}`,
        });
      }
    }
  }
  checkAllowedMentions(tree, body.allowed_mentions);
  if (tree.count > 0) {
    return { ok: false, body: { code: 50035, message: 'Invalid Form Body', errors: tree.root } };
  }
  const content = typeof body.content === 'string' ? body.content : '';
  const embedList = Array.isArray(embeds) ? embeds : [];
  if (content.trim() === '' && embedList.length === 0) {
    return { ok: false, body: { code: 50006, message: 'Cannot send an empty message' } };
  }
  const message: Record<string, unknown> = { content, embeds: embedList, tts: body.tts === true };
  if (typeof body.username === 'string') message.username = body.username;
  if (typeof body.avatar_url === 'string') message.avatar_url = body.avatar_url;
  if (isObject(body.allowed_mentions)) message.allowed_mentions = body.allowed_mentions;
  return { ok: true, message };
}
