/** A raw request for FXServer's `PerformHttpRequestInternalEx` native. */
export interface NativeHttpRequest {
  url: string;
  method: string;
  data: string;
  headers: Record<string, string>;
  followLocation: boolean;
}

/** Per-resource key/value store (FXServer resource KVP), durable across restarts. */
export interface KvpStore {
  /** Value of `key`, or null when absent. */
  get(key: string): string | null;
  /** Writes `key` durably (synced to disk before returning). */
  set(key: string, value: string): void;
  /** Removes `key` durably. */
  delete(key: string): void;
  /** Every key starting with `prefix`. */
  keys(prefix: string): string[];
}

/** Console output at three levels. */
export interface LogLevels {
  /** A normal line. */
  info(message: string): void;
  /** A line in yellow. */
  warn(message: string): void;
  /** A line in red. */
  error(message: string): void;
}

/** A console line's level. */
export type LogLevel = keyof LogLevels;

/** What the resource's log writes before each message, so call sites pass only the message. */
export const LOG_PREFIX = 'vote-reward: ';

/** The resource's console log: each message after `LOG_PREFIX`; `plain` prints lines exactly as given. */
export interface Log extends LogLevels {
  /** Lines without the prefix: rules and items of a block, admin command output, lines that carry their own. */
  readonly plain: LogLevels;
}

/** Builds a `Log` over a writer of finished lines; every runtime uses it, so the prefix is written once. */
export function createLog(write: (level: LogLevel, line: string) => void): Log {
  return {
    info: (message) => write('info', `${LOG_PREFIX}${message}`),
    warn: (message) => write('warn', `${LOG_PREFIX}${message}`),
    error: (message) => write('error', `${LOG_PREFIX}${message}`),
    plain: {
      info: (line) => write('info', line),
      warn: (line) => write('warn', line),
      error: (line) => write('error', line),
    },
  };
}

/** The slice of the FiveM runtime that adapters need. `fivem.ts` implements it. */
export interface FrameworkHost {
  /** This resource's name, where the host knows it (the `add_ace` line a restricted command needs names it). */
  resourceName?: string;
  /** `GetResourceState(name)`: `started`, `stopped`, `missing`, ... */
  resourceState(name: string): string;
  /** The exports object of another resource; property access throws when an export is missing. */
  exportsOf(resource: string): Record<string, (...args: unknown[]) => unknown>;
  /** `emit` (TriggerEvent) a server event. */
  emit(event: string, ...args: unknown[]): void;
  /** `on` a server event; returns a function that removes the handler. */
  on(event: string, handler: (...args: unknown[]) => void): () => void;
  /** `ExecuteCommand` on the server console. */
  executeCommand(command: string): void;
  /**
   * Whether FXServer lets this resource run console command `name`: `denied` when the command is registered and
   * `IsPrincipalAceAllowed('resource.<this resource>', 'command.<name>')` says no (FXServer would print "Access denied"
   * and run nothing), `unknown` when no such command is registered yet. Absent: the host cannot tell.
   */
  commandAccess?(name: string): 'allowed' | 'denied' | 'unknown';
  /** FiveM timer, in milliseconds; returns a cancel function. */
  setTimeout(fn: () => void, ms: number): () => void;
  /** Log lines for the server console, each after `LOG_PREFIX`. */
  log: LogLevels;
}

/** Everything the resource needs from FXServer; only `src/runtime/fivem.ts` implements it against natives. */
export interface Runtime extends FrameworkHost {
  /** The console log (see `Log`). */
  log: Log;
  /** This resource's name (`GetCurrentResourceName`): the folder the owner installed it as. */
  resourceName: string;
  /** Wall-clock milliseconds; the one clock every module uses. */
  now(): number;
  /** A file of this resource (`LoadResourceFile`), or null when missing. */
  loadResourceFile(path: string): string | null;
  /** A convar's value, or null when it is not set at all (an empty value is returned as ''). */
  convar(name: string): string | null;
  /** The resource's durable KVP store. */
  kvp: KvpStore;
  /** Server ids of the players online (numbers, although `getPlayers()` gives strings). */
  players(): number[];
  /** `GetPlayerName`, or null for an unknown id or the console. */
  playerName(source: number): string | null;
  /** The player's `license:` identifier, or null. */
  playerLicense(source: number): string | null;
  /** Every identifier of the player (`steam:…`, `discord:…`, `ip:…`, ...), empty for an unknown id. */
  playerIdentifiers(source: number): string[];
  /** `IsPlayerAceAllowed`: whether the player holds an ACE; a runtime without it allows nothing that needs one. */
  isAceAllowed?(source: number, ace: string): boolean;
  /** `emitNet`: a client event to one player (-1: everyone). */
  emitNet(event: string, target: number, ...args: unknown[]): void;
  /** Sends a chat line to one player. */
  tell(source: number, message: string): void;
  /** `RegisterCommand`; the handler gets the command source (0 = console) and its arguments. */
  registerCommand(
    name: string,
    handler: (source: number, args: string[], raw: string) => void,
    restricted: boolean,
  ): void;
  /** Publishes an export of this resource. */
  provideExport(name: string, fn: (...args: never[]) => unknown): void;
  /**
   * `GetInvokingResource`: the resource whose call is running now (the caller of an export, while the export runs),
   * or null when none (the console, this resource's own events). Read it synchronously, before anything awaits.
   */
  invokingResource?(): string | null;
  /** Calls `handler(source)` when a player has joined (after `playerJoining`); returns an unsubscribe function. */
  onPlayerJoining(handler: (source: number) => void): () => void;
  /**
   * Listens to a client → server event (`onNet`): `handler` gets the sending player (never the console) and the
   * arguments exactly as the client sent them, which are hostile until checked. Returns an unsubscribe function.
   */
  onNet(event: string, handler: (source: number, args: unknown[]) => void): () => void;
  /** Calls `handler(source)` when a player leaves; returns an unsubscribe function. */
  onPlayerDropped(handler: (source: number) => void): () => void;
  /** Repeating timer; returns a cancel function. */
  setInterval(fn: () => void, ms: number): () => void;
  /** The global `fetch` when the runtime has one (Node 22), otherwise null. */
  fetch: typeof fetch | null;
  /** Sends a request with `PerformHttpRequestInternalEx`; the answer arrives as `__cfx_internal:httpResponse`. */
  performHttpRequest(request: NativeHttpRequest): number;
}
