/**
 * Every listing site the resource can claim on. Adding a site is its adapter module (which exports a descriptor, with
 * a header citing its sources) plus one line here.
 */
import { SEED_SITE } from './seed';
import { SERVEUR_PRIVE_SITE } from './serveur-prive';
import { TOP_SERVER_SITE } from './top-server';
import { TOP_SERVEURS_SITE } from './top-serveurs';
import { TOPGSERVERS_SITE } from './topgservers';
import { TRACKYSERVER_SITE } from './trackyserver';
import type { SiteDescriptor, SiteKind } from './types';

/** The sites, in the order they are listed to owners. */
export const SITES: readonly SiteDescriptor[] = [
  SEED_SITE,
  TOP_SERVEURS_SITE,
  TRACKYSERVER_SITE,
  SERVEUR_PRIVE_SITE,
  TOP_SERVER_SITE,
  TOPGSERVERS_SITE,
];

/** Every site kind, for config validation and messages ("known: …"). */
export const SITE_KINDS: readonly SiteKind[] = SITES.map((site) => site.kind);

/** The descriptor of `kind`, if it names a site. */
export function findSite(kind: string): SiteDescriptor | undefined {
  return SITES.find((site) => site.kind === kind);
}
