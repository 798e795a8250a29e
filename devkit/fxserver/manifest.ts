/** What the simulator reads from an fxmanifest.lua. */
export interface ResourceManifest {
  /** server_script(s) and .js shared_script(s), in manifest order (may contain `*` globs). */
  serverScripts: string[];
  /** Every `key 'value'` / `key { ... }` entry, for GetResourceMetadata (keys as written, e.g. `server_script`). */
  metadata: Map<string, string[]>;
  /** `server_only` was declared. */
  serverOnly: boolean;
  /** `node_version` value, when declared. */
  nodeVersion: string | null;
  /** dependency / dependencies entries. */
  dependencies: string[];
}

const PLURALS: Record<string, string> = {
  server_scripts: 'server_script',
  client_scripts: 'client_script',
  shared_scripts: 'shared_script',
  dependencies: 'dependency',
  files: 'file',
};

/** Parses the manifest subset FXServer's Lua manifest loader accepts for our purposes: `key 'v'`, `key "v"`, `key { 'a', "b" }`, `key('v')`. */
export function parseManifest(source: string): ResourceManifest {
  const text = source.replace(/--\[\[[\s\S]*?\]\]/g, '').replace(/--[^\n]*/g, '');
  const metadata = new Map<string, string[]>();
  const entry = /([A-Za-z_][A-Za-z0-9_]*)\s*\(?\s*(\{[\s\S]*?\}|'[^']*'|"[^"]*"|\[\[[\s\S]*?\]\])\s*\)?/g;
  for (const m of text.matchAll(entry)) {
    const rawKey = m[1] as string;
    const key = PLURALS[rawKey] ?? rawKey;
    const body = m[2] as string;
    const values = body.startsWith('{')
      ? [...body.matchAll(/'([^']*)'|"([^"]*)"/g)].map((v) => (v[1] ?? v[2]) as string)
      : [body.startsWith('[[') ? body.slice(2, -2) : body.slice(1, -1)];
    metadata.set(key, [...(metadata.get(key) ?? []), ...values]);
  }
  const shared = (metadata.get('shared_script') ?? []).filter((f) => f.endsWith('.js'));
  return {
    serverScripts: [...shared, ...(metadata.get('server_script') ?? [])],
    metadata,
    serverOnly: metadata.has('server_only'),
    nodeVersion: metadata.get('node_version')?.[0] ?? null,
    dependencies: metadata.get('dependency') ?? [],
  };
}
