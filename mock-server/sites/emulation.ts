/** What every listing-site emulation declares: its kind, where it is mounted, its key's form and its routes. */
import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import type { SiteIdentityKind, SiteStore } from '../db';

/** What an emulation's routes need. */
export interface EmulationDeps {
  /** The sites' keys and votes. */
  store: SiteStore;
  /** Clock, ms. */
  now: () => number;
}

/** One emulated listing site. */
export interface SiteEmulation {
  /** The site's kind, as the resource's config names it. */
  readonly kind: string;
  /** The site's name. */
  readonly label: string;
  /** Identity kinds votes can be cast with. */
  readonly identities: readonly SiteIdentityKind[];
  /** The path under the mock that stands for the site's documented base URL (the adapter's `baseUrl`). */
  readonly basePath: string;
  /** Makes a key in the site's documented form (or a plausible one, a GUESS, where none is documented). */
  makeKey(): string;
  /** When an identity that voted at `votedAt` may vote again on the site's vote page (ms). */
  nextVoteAt(votedAt: number): number;
  /** What the emulation does that its sources do not state. */
  readonly guesses: readonly string[];
  /** The routes, relative to `/sites/<kind>`. */
  routes(deps: EmulationDeps): Hono;
}

/** `length` random characters from `alphabet`. */
export function randomToken(alphabet: string, length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

/** Upper-case letters and digits. */
export const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** Lower-case hex digits. */
export const HEX = '0123456789abcdef';

/** The site's key (made on first use and kept). */
export function siteKey(deps: EmulationDeps, emulation: Pick<SiteEmulation, 'kind' | 'makeKey'>): string {
  return deps.store.key(emulation.kind, () => emulation.makeKey());
}
