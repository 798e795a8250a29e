/**
 * Model of ox_core 1.5.14's player and account exports on the ox_inventory model, shared by the unit fake
 * (devkit/fakes/frameworks/ox-core.ts) and the simulated FXServer resource (devkit/fxserver/resources/ox-core.ts).
 *
 * Derived from the transcript test/frameworks/transcripts/ox-core.json (ox_core's real server build with ox_lib and
 * ox_inventory's ox bridge). Recorded facts it reproduces:
 * - `GetPlayer(src)`: a copy of the player's fields `{ charId, identifier, ped, source, stateId, userId, username }`;
 *   `charId` and `stateId` null while the player is at character selection; nothing for a source nobody has or a
 *   player who left. ox_core hands ox_inventory the inventory only once a character is active.
 * - `GetCharacterAccount(charId | stateId)` answers (a Promise) the default account `{ accountId }`, or nothing
 *   (ox_core's null) when the character has none; it works for a character whose player left.
 * - `CallAccount(accountId, method, ...)` answers a Promise: `'get', key` the account's column (`balance`);
 *   `'addBalance', { amount, message }` parses the amount with parseInt: NaN → `{ success: false, message:
 *   'amount_not_number' }`, <= 0 → `invalid_amount`, else adds it (2.5 adds 2), writes one transaction and answers
 *   `{ success: true }`; `'depositMoney', playerId, amount` moves that much of the player's `money` item into the
 *   account. An account id that does not exist: the Promise rejects.
 * - Cash is ox_inventory's `money` item; a player who left has no inventory any more.
 * Guesses (no transcript covers them): other CallAccount methods (answered nothing with a console error, as
 * ClassInterface does for a method it does not export); `depositMoney`'s refusals (insufficient_funds, no_charid).
 */
import type { OxModel } from './ox-inventory';

/** One ox_core player: joined (user loaded), with an active character or not. */
export interface OxCorePlayer {
  userId: number;
  username: string;
  /** License without prefix (license2 first). */
  identifier: string;
  /** Active character, once chosen. */
  charId?: number;
  stateId?: string;
}

/** One account row. */
export interface OxCoreAccount {
  id: number;
  owner: number;
  balance: number;
  isDefault: number;
  label?: string;
}

/** Options of the model. */
export interface OxCoreModelOptions {
  /** The ox_inventory model cash and items go through. */
  ox: OxModel;
  /** True while ox_inventory runs (its exports answer). */
  oxRunning?: () => boolean;
  /** Called before a balance is added (the simulated server records a payout there; a throw aborts). */
  onPay?: (accountId: number, amount: number, message: unknown) => void;
  /**
   * How long the answer of one CallAccount waits after the call acted (its MySQL round trip: on a real server the
   * Promise settles on a later tick), as a promise the host's timer resolves; null answers at once.
   */
  callWait?: (method: string) => Promise<void> | null;
}

/** The ox_core model. */
export type OxCoreModel = ReturnType<typeof createOxCoreModel>;

/** Creates the model. */
export function createOxCoreModel(options: OxCoreModelOptions) {
  const players = new Map<number, OxCorePlayer>();
  const accounts = new Map<number, OxCoreAccount>();
  const characters = new Map<string, number>();
  let transactions = 0;

  const accountOf = (id: unknown): OxCoreAccount => {
    const account = accounts.get(Number(id));
    if (!account) throw new Error(`No account exists with accountId ${String(id)}.`);
    return account;
  };
  const parse = (amount: unknown) => Number.parseInt(String(amount), 10);

  const methods: Record<string, (account: OxCoreAccount, ...args: unknown[]) => unknown> = {
    get: (account, key) => (account as unknown as Record<string, unknown>)[String(key)],
    addBalance(account, input) {
      const amount = parse((input as { amount?: unknown } | undefined)?.amount);
      if (Number.isNaN(amount)) return { success: false, message: 'amount_not_number' };
      if (amount <= 0) return { success: false, message: 'invalid_amount' };
      options.onPay?.(account.id, amount, (input as { message?: unknown }).message);
      account.balance += amount;
      transactions += 1;
      return { success: true };
    },
    depositMoney(account, playerId, rawAmount) {
      const amount = parse(rawAmount);
      if (Number.isNaN(amount)) return { success: false, message: 'amount_not_number' };
      if (amount <= 0) return { success: false, message: 'invalid_amount' };
      const source = Number(playerId);
      if (!players.get(source)?.charId) return { success: false, message: 'no_charid' };
      if (amount > options.ox.count(source, 'money'))
        return { success: false, message: 'insufficient_funds' };
      account.balance += amount;
      transactions += 1;
      options.ox.remove(source, 'money', amount);
      return { success: true };
    },
  };

  return {
    players,
    accounts,
    exports: {
      GetPlayer(src: unknown) {
        const source = Number(src);
        const p = players.get(source);
        if (!p) return undefined;
        return {
          charId: p.charId ?? null,
          identifier: p.identifier,
          ped: 0,
          source,
          stateId: p.stateId ?? null,
          userId: p.userId,
          username: p.username,
        };
      },
      async GetCharacterAccount(id: unknown) {
        const charId = typeof id === 'string' ? characters.get(id) : Number(id);
        const account = [...accounts.values()].find((a) => a.owner === charId && a.isDefault === 1);
        // ox_core answers null; JS receives nothing.
        return account ? { accountId: account.id } : undefined;
      },
      async CallAccount(id: unknown, method: unknown, ...args: unknown[]) {
        const account = accountOf(id);
        const call = methods[String(method)];
        if (!call) return undefined;
        const answer = call(account, ...args);
        const wait = options.callWait?.(String(method)) ?? null;
        if (wait) await wait;
        return answer;
      },
    },
    /** A player joined (user loaded, at character selection). */
    join(source: number, player: Omit<OxCorePlayer, 'charId' | 'stateId'>): void {
      players.set(source, { ...player });
    },
    /** The player's character becomes active (ox:playerLoaded); ox_inventory then opens the inventory. */
    setActive(source: number, charId: number, stateId: string, name = `Player ${source}`): void {
      const player = players.get(source);
      if (!player) return;
      player.charId = charId;
      player.stateId = stateId;
      characters.set(stateId, charId);
      // ox_core's bridge hands ox_inventory the character: owner charId, label "firstName lastName".
      if (!options.ox.inventory(source)) options.ox.open(source, { owner: charId, label: name });
    },
    /** The player left: logged out and forgotten; ox_inventory drops the inventory. */
    drop(source: number): void {
      const player = players.get(source);
      if (player?.stateId && player.charId) characters.set(player.stateId, player.charId);
      players.delete(source);
      options.ox.close(source);
    },
    /** Adds an account row. */
    addAccount(account: OxCoreAccount): void {
      accounts.set(account.id, { ...account });
    },
    /** Number of transaction rows written. */
    transactions: () => transactions,
  };
}
