/** What the config check knows of each site kind: its registry descriptor's label, identities and key check. */

import { findSite } from '../sites/registry';
import type { SiteEntry, SiteFacts } from './sites';

/** The facts of `kind`, or null when no adapter is registered for it. */
export function siteFactsOf(kind: SiteEntry['kind']): SiteFacts | null {
  return findSite(kind) ?? null;
}
