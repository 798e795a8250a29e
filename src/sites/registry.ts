/**
 * Every listing site the resource can claim on. Adding a site is its adapter module (which exports a descriptor, with
 * a header citing its sources) plus one line here.
 */
import { SERVEUR_PRIVE_SITE } from './serveur-prive';
import { TOP_SERVER_SITE } from './top-server';
import { TOP_SERVEURS_SITE } from './top-serveurs';
import { TOPGSERVERS_SITE } from './topgservers';
import { TRACKYSERVER_SITE } from './trackyserver';
import type { SiteDescriptor, SiteKind } from './types';

/**
 * The sites by kind, in the order they are listed to owners: the one source of {@link SiteKind}. Each descriptor's
 * `kind` is its key (the registry test says so).
 */
export const SITE_DESCRIPTORS = {
  'top-serveurs': TOP_SERVEURS_SITE,
  trackyserver: TRACKYSERVER_SITE,
  'serveur-prive': SERVEUR_PRIVE_SITE,
  'top-server': TOP_SERVER_SITE,
  topgservers: TOPGSERVERS_SITE,
} as const satisfies Record<string, SiteDescriptor>;

/** The sites, in the order they are listed to owners. */
export const SITES: readonly SiteDescriptor[] = Object.values(SITE_DESCRIPTORS);

/** Every site kind, for config validation and messages ("known: …"). */
export const SITE_KINDS = Object.keys(SITE_DESCRIPTORS) as [SiteKind, ...SiteKind[]];

/** The descriptor of `kind`, if it names a site. */
export function findSite(kind: string): SiteDescriptor | undefined {
  return SITES.find((site) => site.kind === kind);
}
