/**
 * The intents a panel client sends, read as hostile: one object of a known kind with exactly its fields, bounded.
 * The player is always the net event's `source`; a payload that names a player (or carries any field an intent does
 * not have) is refused whole, as is an id that cannot be a shop item or a token the server could not have made.
 */
import * as z from 'zod';
import { readItemId } from '../shop/input';
import { INTENT_ID_MAX, type PanelIntent, TOKEN_PATTERN } from './protocol';

const intentSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('open') }),
  z.strictObject({ kind: z.literal('claim') }),
  z.strictObject({ kind: z.literal('buy'), id: z.string().min(1).max(INTENT_ID_MAX) }),
  z.strictObject({ kind: z.literal('confirm'), token: z.string().regex(TOKEN_PATTERN) }),
]);

/** What reading an intent came to: the intent, or why it was refused (for the console). */
export type IntentRead = { ok: true; intent: PanelIntent } | { ok: false; problem: string };

/** Reads the net event's arguments: exactly one intent object. */
export function readIntent(args: readonly unknown[]): IntentRead {
  if (args.length !== 1) return { ok: false, problem: `${args.length} arguments (one intent expected)` };
  const parsed = intentSchema.safeParse(args[0]);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'intent';
    return { ok: false, problem: `${where}: ${issue?.code ?? 'invalid'}` };
  }
  const intent = parsed.data;
  if (intent.kind !== 'buy') return { ok: true, intent };
  const id = readItemId(intent.id);
  return 'ok' in id
    ? { ok: true, intent: { kind: 'buy', id: id.id } }
    : { ok: false, problem: `id: ${id.reason}` };
}
