/**
 * The player panel's wire protocol, shared by the server (`src/panel/`) and the client script (`src/client/`): the
 * event names, what the server sends (a {@link PanelState}: every word already in the server's language, every name
 * already cleaned), and the intents a client may send back. Types and constants only: the client bundle imports
 * nothing else from the server.
 */

/** Server → client: show the panel with this state (or refresh it while open). */
export const PANEL_STATE_EVENT = 'vote-reward:panel:state';
/** Server → client: close the panel (the panel was turned off, or the resource stops). */
export const PANEL_CLOSE_EVENT = 'vote-reward:panel:close';
/** Client → server: one intent ({@link PanelIntent}). The player is the event's `source`, never a payload field. */
export const PANEL_INTENT_EVENT = 'vote-reward:panel:intent';
/** Local client event an ox_lib context option triggers (ox_lib calls `TriggerEvent(option.event, option.args)`). */
export const PANEL_CHOOSE_EVENT = 'vote-reward:panel:choose';

/** Longest item id an intent may carry (the shop reads ids of at most 32 characters). */
export const INTENT_ID_MAX = 32;
/** A confirmation token: 24 lower-case hex digits, made by the server per player and item. */
export const TOKEN_PATTERN = /^[0-9a-f]{24}$/;

/** What a client may ask; anything else, or any other field, is refused. */
export type PanelIntent =
  | { kind: 'open' }
  | { kind: 'claim' }
  | { kind: 'buy'; id: string }
  | { kind: 'confirm'; token: string };

/** One listing site as the player sees it. */
export interface PanelSite {
  id: string;
  /** The site's name, cleaned. */
  name: string;
  /** The player's vote page on that site (http or https only). */
  url: string;
  /** True when a vote of this player is known there and the site does not take another yet. */
  voted: boolean;
  /** "You can vote now" or "Voted · next vote in 2 h 5 min", in the server's language. */
  status: string;
}

/** One reward waiting for the player. */
export interface PanelWaiting {
  /** What it pays ("500$ in cash, 2 x bread"). */
  rewards: string;
  /** Why it waits, in the words `/vote` uses ("make room for 5 x bread…", "an admin must check…"). */
  reason: string;
  /** True when claiming again may pay it now (an admin's check or a lost answer is not the player's to retry). */
  claimable: boolean;
}

/** One shop item as the player sees it. */
export interface PanelItem {
  id: string;
  name: string;
  /** "150 point(s)". */
  cost: string;
  /** Limits, stock and confirmation, in the shop's own words ("2 more this week · 4 left in stock"). */
  detail: string;
  /** True when it cannot be bought now (sold out, limit reached, too expensive). */
  disabled: boolean;
}

/** A buy the server asks the player to confirm. */
export interface PanelPrompt {
  token: string;
  /** "Buy VIP for 150 point(s)?" */
  text: string;
}

/** Everything the panel shows. */
export interface PanelState {
  /** The words of the panel's own labels. */
  labels: {
    title: string;
    sites: string;
    vote: string;
    copyHint: string;
    copied: string;
    waiting: string;
    waitingNone: string;
    claim: string;
    stats: string;
    shop: string;
    buy: string;
    confirm: string;
    cancel: string;
    close: string;
  };
  sites: PanelSite[];
  waiting: PanelWaiting[];
  /** The claim button: shown when something is claimable or a site may hold an unclaimed vote. */
  canClaim: boolean;
  /** Streak, votes this month, rank, points: one line each, in the server's language. */
  stats: string[];
  /** The shop, when it is on: its title (with the balance) and the items the player may buy. */
  shop: { title: string; items: PanelItem[] } | null;
  /** A buy waiting for the player's confirmation, or null. */
  prompt: PanelPrompt | null;
  /** A line to show once (the answer to the last intent), or null. */
  notice: string | null;
}
