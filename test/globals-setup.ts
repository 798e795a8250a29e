/**
 * Each test file starts with the process's own `Request` and `Response`. Files share a worker's module graph
 * (`isolate: false`), and @hono/node-server replaces both globals with its lighter classes the first time a file serves
 * HTTP through it (its request listener, `overrideGlobalObjects`); a later file in the same worker would otherwise build
 * Hono's Response where it asked for the platform's (which, for one, adds no `content-type` to a string body).
 */
const saved = globalThis as typeof globalThis & {
  __vrPlatform?: { Request: typeof Request; Response: typeof Response };
};
saved.__vrPlatform ??= { Request: globalThis.Request, Response: globalThis.Response };
if (globalThis.Request !== saved.__vrPlatform.Request)
  Object.defineProperty(globalThis, 'Request', { value: saved.__vrPlatform.Request });
if (globalThis.Response !== saved.__vrPlatform.Response)
  Object.defineProperty(globalThis, 'Response', { value: saved.__vrPlatform.Response });
