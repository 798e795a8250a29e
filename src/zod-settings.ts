/**
 * zod settings for the bundle, imported first by `index.ts` so they hold before any schema is built.
 *
 * No cycle support: zod's default memoizer lets a schema parse a value that contains itself, at the price of walking
 * each container schema's whole graph on its first parse (about a tenth of a cold start's CPU, for config.json's
 * schema) and a bookkeeping step in every object parse. Everything this resource parses comes from JSON
 * (config.json, KVP records, API answers, exports' arguments through FXServer's msgpack), which cannot hold a cycle.
 * A memoizer that does nothing stands in for it (a falsy one would have zod install its default).
 */
import * as z from 'zod';

z.config({
  memoizer: {
    attach() {},
    guard() {},
    alloc: (_inst: unknown, _payload: unknown, empty: unknown) => empty,
  } as unknown as NonNullable<ReturnType<typeof z.config>['memoizer']>,
});
