/**
 * The listing-site abstraction: each site the resource can claim votes on is a descriptor (its facts and a factory)
 * plus the adapter it builds (request building and answer mapping). Every operation answers a typed outcome and never
 * throws; the facts each adapter uses, and its guesses, are cited in its own file.
 */
import type { RateBudget, RequestPriority } from '../api/rate-budget';
import type { HttpTransport } from '../api/transport';
import type { SITE_DESCRIPTORS } from './registry';

/** Every site with an adapter, as written in config `sites[].kind`: the keys of the registry (`registry.ts`). */
export type SiteKind = keyof typeof SITE_DESCRIPTORS;

/**
 * How a site names the voter: the in-game or site name, a SteamID64 (17 decimal digits), a Discord user id
 * (snowflake digits), or the player's IP address (v4 or v6).
 */
export type IdentityKind = 'name' | 'steam64' | 'discord' | 'ip';

/** What the resource knows of one player, per identity kind; a kind the player lacks is absent. */
export type PlayerIdentities = Partial<Record<IdentityKind, string>>;

/** Where the site's key travels: an `Authorization: Bearer` header, a query parameter, or a path segment. */
export type AuthPlacement = 'bearer' | 'query' | 'path';

/**
 * How a vote is made "paid once" at the site:
 * - `claim_then_reward`: the claim is the site's atomic test-and-set; pay after it answered `claimed`;
 * - `reward_then_claim`: pay on a `voted` check, then `confirmClaim` (idempotent) until it answers `confirmed`;
 * - `check_only`: the site never records a claim; the resource must remember each paid vote itself.
 */
export type ClaimModel = 'claim_then_reward' | 'reward_then_claim' | 'check_only';

/** A site's request limit. `documented: false` marks a conservative default chosen here (a guess). */
export interface SiteRateLimit {
  /** Requests allowed per key in any 60 s. */
  perMinute: number;
  /** True when the site publishes this limit. */
  documented: boolean;
}

/** One vote as the site describes it; a field the site does not give is null. */
export interface SiteVote {
  /** When the vote was cast (ms since the epoch), when the site says. */
  votedAt: number | null;
  /** The site's id of the vote, when it has one. */
  voteId: string | null;
  /** Votes waiting at the site for this identity, when the site counts them (reward-then-claim sites). */
  pending: number | null;
  /** Milliseconds until the player may vote again, when the site says. */
  nextVoteInMs: number | null;
}

/**
 * A failure shared by every operation. `outcomeUnknown` is true only for a claim or confirmation that was sent and
 * whose answer was lost or unreadable: the site may have acted, so a check must decide, never a retry that pays.
 */
export type SiteFailure =
  /** The key is missing, wrong or revoked (or the site's answer cannot tell a bad key from "not voted": see below). */
  | { kind: 'bad_key'; detail: string }
  /** The site (or the local budget, `local: true`, nothing sent) refused for the rate; retry after this long. */
  | { kind: 'rate_limited'; retryAfterMs: number | null; local: boolean; detail: string }
  /** No usable answer: network error, timeout, 5xx, an answer over the size cap. */
  | { kind: 'unreachable'; detail: string; outcomeUnknown: boolean }
  /** An answer that is not what the site documents (shape, size, status). */
  | { kind: 'malformed'; detail: string; outcomeUnknown: boolean }
  /** A definite refusal (a documented 4xx such as missing parameters): nothing happened at the site. */
  | { kind: 'refused'; status: number; detail: string }
  /** The identity given is not in the form this site takes (checked before sending; nothing sent). */
  | { kind: 'bad_identity'; detail: string }
  /** The site documents no such operation for this identity (e.g. no check by SteamID); nothing sent. */
  | { kind: 'unsupported'; detail: string };

/**
 * "No vote found". `maybeBadKey` is true where the site answers a wrong key exactly like "not voted" (Trackyserver
 * `0`, serveur-prive `success: false`): the resource cannot tell them apart, so an admin may be told once.
 */
export interface NotVoted {
  kind: 'not_voted';
  maybeBadKey: boolean;
}

/** Answer of {@link SiteAdapterBase.check}: whether the identity has a vote the resource may act on. */
export type CheckOutcome =
  | { kind: 'voted'; vote: SiteVote }
  | NotVoted
  /** The site says the vote was claimed already (through a claim of this resource or another). */
  | { kind: 'already_claimed'; vote: SiteVote | null }
  | SiteFailure;

/** Answer of {@link ClaimThenRewardSite.claim}: `claimed` is the only answer that pays. */
export type ClaimOutcome =
  | { kind: 'claimed'; vote: SiteVote }
  | NotVoted
  | { kind: 'already_claimed' }
  | SiteFailure;

/** Answer of {@link RewardThenClaimSite.confirmClaim}: `confirmed` ends the "paid, claim owed" state. */
export type ConfirmOutcome =
  /** The site marked the player's pending votes claimed (`count` of them when it says; 0 on an idempotent repeat). */
  { kind: 'confirmed'; count: number | null } | SiteFailure;

/** Per-call options: which share of the site's own budget the request uses. */
export interface SiteCallOptions {
  priority: RequestPriority;
}

/** What every adapter declares and does, whatever its claim model. */
export interface SiteAdapterBase {
  /** The site's kind (config `sites[].kind`). */
  readonly kind: SiteKind;
  /** The site's name for players and logs, e.g. `Top-Serveurs`. */
  readonly label: string;
  /** The identity this adapter was configured with; every operation takes a value of this kind. */
  readonly identity: IdentityKind;
  /** Where the key travels. */
  readonly auth: AuthPlacement;
  /** The site's limit; the composition sizes this site's budget with it. */
  readonly rateLimit: SiteRateLimit;
  /** How long a vote stays "voted" at the site (ms); for `check_only` sites, how long one vote keeps answering. */
  readonly voteWindowMs: number;
  /** False when the window is a guess (no source states it). */
  readonly voteWindowDocumented: boolean;
  /** False when the site has no check for this identity (`check` then answers `unsupported`; poll nothing). */
  readonly canCheck: boolean;
  /** Asks the site whether `identity` has a vote; changes nothing at the site. */
  check(identity: string, opts: SiteCallOptions): Promise<CheckOutcome>;
}

/** A site whose claim is its atomic test-and-set (this project's API, Top-Serveurs `claim-*`, Trackyserver). */
export interface ClaimThenRewardSite extends SiteAdapterBase {
  readonly claimModel: 'claim_then_reward';
  /** Claims the identity's vote; pay only on `claimed`; `outcomeUnknown` failures are decided by `check`. */
  claim(identity: string, opts: SiteCallOptions): Promise<ClaimOutcome>;
}

/** A site that wants the reward first and an idempotent claim after (top-server.net). */
export interface RewardThenClaimSite extends SiteAdapterBase {
  readonly claimModel: 'reward_then_claim';
  /** Tells the site the reward was delivered; idempotent, so it is retried until `confirmed`. */
  confirmClaim(identity: string, opts: SiteCallOptions): Promise<ConfirmOutcome>;
}

/** A site with no claim: the resource journals each paid vote by (site, identity, vote time) before paying. */
export interface CheckOnlySite extends SiteAdapterBase {
  readonly claimModel: 'check_only';
}

/** An adapter built for one configured site. Switch on `claimModel` to reach `claim` or `confirmClaim`. */
export type SiteAdapter = ClaimThenRewardSite | RewardThenClaimSite | CheckOnlySite;

/** One configured site's settings, as the config loader hands them over. */
export interface SiteSettings {
  /** The site's key or token (from its convar or config). */
  key: string;
  /** The identity to use; must be one of the descriptor's `identities` (default: the first). */
  identity?: IdentityKind | undefined;
  /** Overrides the site's documented base URL (the mock's emulation, a proxy). */
  baseUrl?: string | undefined;
  /** Timeout of one request in ms (default {@link DEFAULT_SITE_TIMEOUT_MS}). */
  timeoutMs?: number | undefined;
  /** How long one vote lasts (ms), for a site that publishes no window; ignored where the window is documented. */
  voteWindowMs?: number | undefined;
}

/** What an adapter is built with: the resource's transport, this site's own budget, the clock. */
export interface SiteDeps {
  /** How requests are sent (the resource's transport: fetch or the FXServer native). */
  transport: HttpTransport;
  /** This site's own request budget (sized from the descriptor's `rateLimit`); every request takes a slot. */
  budget: RateBudget;
  /** The clock, for `Retry-After` dates and "voted N seconds ago". */
  now: () => number;
  /** Where an admin line about a misbehaving site goes. */
  log?: { error(message: string): void };
}

/** A site's facts and its factory: one file per site, one line in `registry.ts`. */
export interface SiteDescriptor {
  /** The site's kind (config `sites[].kind`). */
  readonly kind: SiteKind;
  /** The site's name for players and logs. */
  readonly label: string;
  /** Identity kinds the site takes, the default first. */
  readonly identities: readonly IdentityKind[];
  /** Where the key travels. */
  readonly auth: AuthPlacement;
  /** The claim model for each identity (Top-Serveurs: a name or SteamID claims, an IP only checks). */
  readonly claimModels: Readonly<Partial<Record<IdentityKind, ClaimModel>>>;
  /** The site's limit. */
  readonly rateLimit: SiteRateLimit;
  /** The documented base URL (no trailing slash). */
  readonly baseUrl: string;
  /** Where the facts come from (URLs, and the research note section). */
  readonly sources: readonly string[];
  /** What a key looks like, for the config's message, e.g. `starts with tgs_`; absent when undocumented. */
  readonly keyHint?: string;
  /** True when the site answers a wrong key exactly like "not voted": its key cannot be checked (said once at start). */
  readonly wrongKeyReadsAsNoVote?: boolean;
  /** Checks the key's documented form: null when fine, else what is wrong (named without the key itself). */
  checkKey(key: string): string | null;
  /** Builds the adapter; throws `TypeError` naming the setting when `settings` are unusable. */
  create(settings: SiteSettings, deps: SiteDeps): SiteAdapter;
}

/**
 * Timeout of one site request when the site's `timeoutMs` gives none (ms): every documented site answer is under
 * 1 KiB, so 5 s is generous, and a hanging site holds a `/vote` no longer than this.
 */
export const DEFAULT_SITE_TIMEOUT_MS = 5000;
