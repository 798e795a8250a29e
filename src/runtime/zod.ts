/**
 * zod for this resource: `zod/mini` with the resource's settings applied. Every runtime schema imports `z` from here,
 * so the settings hold before any schema is built or parsed, in the bundle as in tests and tools.
 *
 * No cycle support: zod's default memoizer lets a schema parse a value that contains itself, at the price of walking
 * each container schema's whole graph on its first parse (about a tenth of a cold start's CPU, for config.json's
 * schema) and a bookkeeping step in every object parse. Everything this resource parses comes from JSON
 * (config.json, KVP records, API answers, exports' arguments through FXServer's msgpack), which cannot hold a cycle.
 * A memoizer that does nothing stands in for it (a falsy one would have zod install its default).
 */
import { en } from 'zod/locales';
import * as z from 'zod/mini';

// zod/mini loads no language: the English texts of zod's own issues, which a config problem quotes where the
// resource has no words of its own (config/format-issues.ts), are those classic zod gave.
z.config(en());

z.config({
  memoizer: {
    attach() {},
    guard() {},
    alloc: (_inst: unknown, _payload: unknown, empty: unknown) => empty,
  } as unknown as NonNullable<ReturnType<typeof z.config>['memoizer']>,
});

export * from 'zod/mini';
