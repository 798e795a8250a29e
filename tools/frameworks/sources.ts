/** The pinned framework sources (sources.json) and where their extracted files live. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One framework resource pinned to a commit of its public repository. */
export interface FrameworkSource {
  /** owner/name on GitHub. */
  repo: string;
  /** Commit (at least 12 hex digits). */
  commit: string;
  /** FiveM resource name when it differs from the key (e.g. key `qb-inventory-1`, resource `qb-inventory`). */
  resource?: string;
  /** Release the commit carries, for people reading transcripts. */
  version?: string;
  /** Folder of the resource inside the repository ('' for the root). */
  root: string;
  /** Globs (relative to root) of the files to extract. */
  include: string[];
  /** Files the resource's release has but its repository does not (build outputs), answered by LoadResourceFile. */
  virtualFiles?: Record<string, string>;
  /** `pinned`: an old version on purpose (e.g. 1.x beside 2.x); `frameworks:drift` keeps this commit. */
  drift?: 'pinned';
}

/** Project root. */
export const PROJECT_ROOT = new URL('../..', import.meta.url).pathname;

/** The sources file read: sources.json, or `VR_FRAMEWORK_SOURCES` (frameworks:drift points it at newer commits). */
export const SOURCES_FILE =
  process.env.VR_FRAMEWORK_SOURCES ?? new URL('./sources.json', import.meta.url).pathname;

/** Every pinned resource, by resource name. */
export const SOURCES: Readonly<Record<string, FrameworkSource>> = JSON.parse(
  readFileSync(SOURCES_FILE, 'utf8'),
).resources;

/** Where extracted sources live: `.frameworks/`, or `VR_FRAMEWORKS_DIR`. */
export const FRAMEWORKS_DIR = process.env.VR_FRAMEWORKS_DIR ?? join(PROJECT_ROOT, '.frameworks');

/** The FiveM resource name of a source key. */
export function resourceName(key: string): string {
  return SOURCES[key]?.resource ?? key;
}

/** Folder holding the extracted files of a resource: `.frameworks/<name>@<short commit>/`. */
export function extractedDir(name: string): string {
  const source = SOURCES[name];
  if (!source) throw new Error(`no framework source named ${name} in ${SOURCES_FILE}`);
  return join(FRAMEWORKS_DIR, `${name}@${source.commit.slice(0, 12)}`);
}

/** The extracted folder, or an error telling how to fetch it. */
export function requireExtracted(name: string): string {
  const dir = extractedDir(name);
  if (!existsSync(join(dir, 'fxmanifest.lua')) && !existsSync(join(dir, '__resource.lua'))) {
    throw new Error(`${name} is not fetched (${dir} is missing): run \`npm run frameworks:fetch\` first`);
  }
  return dir;
}
