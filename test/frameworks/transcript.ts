/**
 * Format of the real-framework transcripts under test/frameworks/transcripts/ (written by
 * `npm run frameworks:record`, see test/frameworks/README.md). Values are JSON with these markers for what JSON
 * cannot say: `{"$undefined":true}` (JS received nothing), `{"$function":"<path>"}` (a callable function reference),
 * `{"$number":"NaN"|"Infinity"|"-Infinity"}`, `{"$truncated":"<n> keys"}` (a table deeper than the recorded depth).
 */
import { z } from 'zod';

/** A recorded value (see the markers above). */
export type TranscriptValue =
  | null
  | boolean
  | number
  | string
  | TranscriptValue[]
  | { [key: string]: TranscriptValue };

const value: z.ZodType<TranscriptValue> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(value), z.record(z.string(), value)]),
);

/** One call our JS side made into a framework, and what came back. */
export const transcriptCallSchema = z.strictObject({
  /** Resource that owns the called function. */
  resource: z.string().min(1),
  /** `exports.<resource>.<export>` or the path of a function inside a returned value, e.g. `getSharedObject().GetPlayerFromId`. */
  path: z.string().min(1),
  args: z.array(value),
  /** What JS received: 0 Lua values → `{"$undefined":true}`, 1 → the value, n → an array. Absent when it raised. */
  returned: value.optional(),
  /** The call threw: `message` is what JS saw, `lua` the SCRIPT ERROR lines the server console printed meanwhile. */
  raised: z.strictObject({ message: z.string(), lua: z.array(z.string()) }).optional(),
  /** The Lua function waited, so JS received a Promise; `returned`/`raised` are what it settled with. */
  async: z.literal(true).optional(),
});

/** One scenario on one world. */
export const transcriptScenarioSchema = z.strictObject({
  name: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  description: z.string().min(1),
  /** Findings of shared/research/review/fidelity.md this scenario reproduces. */
  findings: z.array(z.number().int().positive()).optional(),
  /** World state (balances, item counts, weights per player) before the calls, after `prepare`. */
  before: value,
  calls: z.array(transcriptCallSchema),
  /** World state after the calls. */
  after: value,
  /** Console lines printed during the calls (first line of each; SCRIPT ERROR lines are Lua errors). */
  console: z.array(z.string()),
  /** Facts the scenario added (e.g. what the project's adapter answered on top of the real framework). */
  notes: z.record(z.string(), value).optional(),
});

/** One framework resource that ran, pinned. */
export const transcriptSourceSchema = z.strictObject({
  /** FiveM resource name. */
  resource: z.string().min(1),
  /** Key in tools/frameworks/sources.json when it differs from the resource name (two versions of one resource). */
  source: z.string().min(1).optional(),
  repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
  commit: z.string().regex(/^[0-9a-f]{12,40}$/),
  version: z.string().optional(),
  /** Installed but not started at boot. */
  stopped: z.literal(true).optional(),
});

/** A transcript file: one world, every scenario recorded on it. */
export const transcriptSchema = z.strictObject({
  format: z.literal(1),
  world: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  description: z.string().min(1),
  sources: z.array(transcriptSourceSchema).min(1),
  /** Players connected at boot and whether the framework loaded them. */
  players: z.array(
    z.strictObject({
      source: z.number().int().positive(),
      name: z.string(),
      identifiers: z.array(z.string()),
      loaded: z.boolean(),
    }),
  ),
  scenarios: z.array(transcriptScenarioSchema).min(1),
});

/** A transcript file. */
export type Transcript = z.infer<typeof transcriptSchema>;
/** One scenario of a transcript. */
export type TranscriptScenario = z.infer<typeof transcriptScenarioSchema>;
/** One recorded call. */
export type TranscriptCall = z.infer<typeof transcriptCallSchema>;
