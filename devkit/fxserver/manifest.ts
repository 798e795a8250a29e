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
  games: 'game',
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

/** The games FXServer runs: FiveM (`gta5`) or RedM (`rdr3`). */
export type FxGame = 'gta5' | 'rdr3';

/** The exact text FXServer requires in `rdr3_warning` of a resource that declares `rdr3`. */
export const RDR3_WARNING =
  'I acknowledge that this is a prerelease build of RedM, and I am aware my resources *will* become incompatible once RedM ships.';

/** fx_version values at or after `adamant`, in order (what FXServer's IsManifestVersionBetween("adamant", "") accepts). */
const FX_VERSIONS = ['adamant', 'bodacious', 'cerulean'];

/**
 * Why FXServer running `game` refuses to start an fxmanifest.lua resource, as its console says it; empty when it
 * starts. The rules of citizen-server-impl's resource start check: `common` and a specific game together are
 * ill-formed; neither `common` nor the current game is refused; `fx_version` must be `adamant` or later; a resource
 * that declares `rdr3` on RedM must carry `rdr3_warning` with the exact text. `common` needs no warning.
 */
export function gameProblems(name: string, manifest: ResourceManifest, game: FxGame): string[] {
  const games = new Set(manifest.metadata.get('game') ?? []);
  const isCommon = games.has('common');
  const isGame = games.has(game);
  const problems: string[] = [];
  if (isCommon && isGame)
    problems.push(
      `Resource ${name} specifies both \`common\` and a specific game. This is considered ill-formed.`,
    );
  else if (!isCommon && !isGame)
    problems.push(`Resource ${name} does not support the current game (${game}).`);
  if (!FX_VERSIONS.includes(manifest.metadata.get('fx_version')?.[0] ?? ''))
    problems.push(`Resource ${name} does not specify an \`fx_version\` in fxmanifest.lua.`);
  if (isGame && game === 'rdr3' && manifest.metadata.get('rdr3_warning')?.[0] !== RDR3_WARNING)
    problems.push(
      `Resource ${name} does not contain the RedM pre-release warning in fxmanifest.lua.\nPlease add rdr3_warning '${RDR3_WARNING}' to fxmanifest.lua in this resource.`,
    );
  return problems;
}

/**
 * What a manifest's constraint dependencies (entries starting with `/`) refuse on a server of `build`, in FXServer's
 * words (`server needs to be 12913 or higher`). Only `/server:<build>` is held; other constraints (`/onesync`,
 * `/gameBuild:…`) pass, as the simulated server has nothing to hold them against.
 */
export function constraintProblems(manifest: ResourceManifest, build: number): string[] {
  return manifest.dependencies.flatMap((entry) => {
    const floor = /^\/server:(\d+)$/i.exec(entry);
    return floor && build < Number(floor[1]) ? [`server needs to be ${Number(floor[1])} or higher`] : [];
  });
}
