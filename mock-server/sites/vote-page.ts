/**
 * A plain vote page per emulated site (`/sites/<kind>/vote-page`), so a tester running `npm start -- --sites` can vote
 * on each site from a browser like a player would (the control API does the same for tests). One vote per identity
 * until the site's next-vote time; an IP vote defaults to the browser's own address, as the real IP sites see it, unless
 * that address is loopback or private: the resource never pays those (the site could not have seen them), so the page
 * says so and asks for the player's public address instead. Styled like the mock's other pages, phone-sized too.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { html, raw } from 'hono/html';
import { isHiddenIp } from '../../contract/addresses';
import { type SiteIdentityKind, type SiteStore, validateUsername } from '../db';
import { clientIp, IN_PROCESS_CLIENT, UNKNOWN_PEER } from '../middleware/client-ip';
import { createSlidingWindowLimiter } from '../middleware/rate-limit';
import { CSS } from '../pages/layout';
import type { SiteEmulation } from './emulation';

/**
 * Votes one client (one peer address) may post to the vote pages, every site together, in any rolling minute: a
 * tester votes a few times; a script posting votes in a loop is refused before its body is read.
 */
export const VOTE_PAGE_POSTS_PER_MINUTE = 10;

const IDENTITY_LABELS: Record<SiteIdentityKind, string> = {
  name: 'name (as typed in game)',
  steam64: 'SteamID64 (17 digits)',
  discord: 'Discord user id',
  ip: 'IP address',
};

const FORMS: Record<Exclude<SiteIdentityKind, 'name'>, RegExp> = {
  steam64: /^7656\d{13}$/,
  discord: /^\d{17,20}$/,
  ip: /^[0-9a-fA-F:.]{2,45}$/,
};

/** True when `identity` has the form of `kind` (a name as the API accepts usernames). */
function wellFormed(kind: SiteIdentityKind, identity: string): boolean {
  return kind === 'name' ? validateUsername(identity).ok : FORMS[kind].test(identity);
}

/** The browser's address as an IP site sees it (an IPv4-mapped address as plain IPv4), or '' in process. */
function browserIp(c: Context): string {
  const peer = clientIp(c);
  if (peer === IN_PROCESS_CLIENT || peer === UNKNOWN_PEER) return '';
  return peer.startsWith('::ffff:') ? peer.slice(7) : peer;
}

/** True for an address a real site could not have seen (loopback, private...): never pre-filled. */
export const isHiddenAddress = isHiddenIp;

function page(site: SiteEmulation, c: Context, message: string | null, status: 200 | 400 | 429) {
  const ip = browserIp(c);
  const usable = ip !== '' && !isHiddenAddress(ip);
  const ipOnly = site.identities.includes('ip') && site.identities.length === 1;
  const options = site.identities.map(
    (kind) =>
      html`<label class="choice"><input type="radio" name="identity_kind" value="${kind}" ${kind === site.identities[0] ? 'checked' : ''}> ${IDENTITY_LABELS[kind]}</label>`,
  );
  const ipNote = !site.identities.includes('ip')
    ? ''
    : usable
      ? html`<p class="muted">An IP vote counts for the address you type (your browser's: ${ip}).</p>`
      : html`<p class="card error">Your browser reaches the mock from ${ip || 'an unknown address'}, a loopback or private address: vote-reward never pays a vote by such an address (a real site sees the player's public one). Type the address FXServer shows for the player (a public one), or give the simulated player a public address.</p>`;
  return c.html(
    html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vote on ${site.label} (mock)</title><link rel="icon" href="data:,"><style>${raw(CSS)} .choice{font-weight:400}</style></head>
<body><header><span class="brand">${site.label} · emulated by the mock</span></header><main>
<h1>Vote on ${site.label}</h1>
${message === null ? '' : html`<div class="card ${status === 200 ? 'notice' : 'error'}" role="status"><p>${message}</p>${status === 200 ? html`<p>Now join the game server and type <code>/vote</code> in game.</p>` : ''}</div>`}
<form method="post" class="card">
${options}
<p><label>Identity <input type="text" name="identity" required maxlength="64" value="${ipOnly && usable ? ip : ''}"></label></p>
<button type="submit">Vote</button>
</form>
${ipNote}
</main></body></html>`,
    status,
  );
}

/**
 * The vote pages' per-client limit, registered before any body is read: a client over
 * {@link VOTE_PAGE_POSTS_PER_MINUTE} votes a minute (every site together) is answered 429 with `Retry-After`, its body
 * unread and nothing recorded. GETs and other paths pass.
 */
export function votePageRateLimit(sites: readonly SiteEmulation[], now: () => number): MiddlewareHandler {
  const limiter = createSlidingWindowLimiter({ limit: VOTE_PAGE_POSTS_PER_MINUTE, now });
  return async (c, next) => {
    const site = sites.find((candidate) => c.req.path === `/sites/${candidate.kind}/vote-page`);
    if (c.req.method !== 'POST' || !site) return next();
    const rate = limiter.hit(clientIp(c));
    if (rate.allowed) return next();
    const wait = Math.max(1, rate.resetSeconds);
    c.header('retry-after', String(wait));
    return page(
      site,
      c,
      `Too many votes from your address: at most ${VOTE_PAGE_POSTS_PER_MINUTE} a minute. Try again in ${wait} s.`,
      429,
    );
  };
}

/** Adds `GET|POST /sites/<kind>/vote-page` for every emulation (their limit: {@link votePageRateLimit}). */
export function addVotePages(
  app: Hono,
  sites: readonly SiteEmulation[],
  store: SiteStore,
  now: () => number,
): void {
  for (const site of sites) {
    const path = `/sites/${site.kind}/vote-page`;
    app.get(path, (c) => page(site, c, null, 200));
    app.post(path, async (c) => {
      const form = await c.req.parseBody();
      const kind = form.identity_kind;
      const identity = typeof form.identity === 'string' ? form.identity.trim() : '';
      if (typeof kind !== 'string' || !site.identities.includes(kind as SiteIdentityKind))
        return page(site, c, `Pick one of: ${site.identities.join(', ')}.`, 400);
      const identityKind = kind as SiteIdentityKind;
      if (!wellFormed(identityKind, identity))
        return page(site, c, `That is not a valid ${IDENTITY_LABELS[identityKind]}.`, 400);
      const at = now();
      const last = store.newest(site.kind, identityKind, identity, -Number.MAX_SAFE_INTEGER);
      if (last !== null && at < site.nextVoteAt(last.votedAt)) {
        const next = new Date(site.nextVoteAt(last.votedAt)).toISOString();
        return page(site, c, `Already voted: the next vote is possible at ${next}.`, 429);
      }
      store.cast({ site: site.kind, identityKind, identity, votedAt: at });
      return page(site, c, `Vote recorded for ${identity} at ${new Date(at).toISOString()}.`, 200);
    });
  }
}
