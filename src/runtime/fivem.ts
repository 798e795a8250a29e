/**
 * The one file that touches FXServer natives and globals. Everything it reads is looked up on `globalThis` at call
 * time: FXServer defines them as globals of the resource's script context, and going through `globalThis` keeps
 * esbuild from mistaking FiveM's `exports` for CommonJS.
 */
import { cleanText, LINE_MAX } from './clean-text';
import { createLog, type LogLevel, type NativeHttpRequest, type Runtime } from './runtime';

// FXServer console colour codes: ^3 yellow, ^1 red, ^7 back to the default.
const COLOURED: Record<LogLevel, (text: string) => string> = {
  info: (text) => text,
  warn: (text) => `^3${text}^7`,
  error: (text) => `^1${text}^7`,
};

type Handler = (...args: unknown[]) => void;
type TimerHandle = unknown;

/** The FXServer globals this file uses (see `@citizenfx/server` for the full typings). */
interface CfxGlobals {
  source: unknown;
  GetCurrentResourceName(): string;
  GetInvokingResource(): string | null;
  LoadResourceFile(resource: string, file: string): string | null;
  GetConvar(name: string, fallback: string): string;
  SetResourceKvp(key: string, value: string): void;
  GetResourceKvpString(key: string): string | null;
  DeleteResourceKvp(key: string): void;
  StartFindKvp(prefix: string): number;
  FindKvp(handle: number): string | null;
  EndFindKvp(handle: number): void;
  getPlayers(): string[];
  GetPlayerName(source: string): string | null;
  GetPlayerIdentifierByType(source: string, type: string): string | null;
  GetNumPlayerIdentifiers(source: string): number;
  GetPlayerIdentifier(source: string, index: number): string | null;
  IsPlayerAceAllowed(source: string, object: string): boolean | number;
  IsPrincipalAceAllowed?(principal: string, object: string): boolean | number;
  GetRegisteredCommands?(): unknown;
  GetResourceState(resource: string): string;
  RegisterCommand(
    name: string,
    handler: (source: number, args: string[], raw: string) => void,
    restricted: boolean,
  ): void;
  ExecuteCommand(command: string): void;
  emit(event: string, ...args: unknown[]): void;
  emitNet(event: string, target: number | string, ...args: unknown[]): void;
  on(event: string, handler: Handler): void;
  onNet(event: string, handler: Handler): void;
  removeEventListener(event: string, handler: Handler): void;
  exports: ((name: string, fn: (...args: never[]) => unknown) => void) &
    Record<string, Record<string, (...args: unknown[]) => unknown>>;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  setInterval(fn: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
  PerformHttpRequestInternalEx(request: NativeHttpRequest): number;
  fetch?: typeof fetch;
}

const UNSET = '\u0000vote-reward-unset';

/** Builds the Runtime over FXServer's natives. */
export function createFivemRuntime(): Runtime {
  const g = globalThis as unknown as CfxGlobals;
  const resource = g.GetCurrentResourceName();

  const on = (event: string, handler: Handler) => {
    g.on(event, handler);
    return () => g.removeEventListener(event, handler);
  };

  // `source` is only set while FXServer dispatches an event synchronously; read it before anything awaits.
  const onPlayerEvent = (event: string, handler: (source: number) => void) =>
    on(event, () => {
      const source = Number(g.source);
      if (Number.isInteger(source) && source > 0) handler(source);
    });

  // A net event's `source` is the sending player; a server event (`TriggerEvent`) of the same name has none and is ignored.
  const onNet = (event: string, handler: (source: number, args: unknown[]) => void) => {
    const listener: Handler = (...args) => {
      const source = Number(g.source);
      if (Number.isInteger(source) && source > 0) handler(source, args);
    };
    g.onNet(event, listener);
    return () => g.removeEventListener(event, listener);
  };

  return {
    resourceName: resource,
    now: () => Date.now(),
    loadResourceFile: (path) => g.LoadResourceFile(resource, path) ?? null,
    convar(name) {
      const value = g.GetConvar(name, UNSET);
      return value === UNSET ? null : value;
    },
    kvp: {
      get: (key) => g.GetResourceKvpString(key) ?? null,
      set: (key, value) => g.SetResourceKvp(key, value),
      delete: (key) => g.DeleteResourceKvp(key),
      keys(prefix) {
        const keys: string[] = [];
        const handle = g.StartFindKvp(prefix);
        if (handle === -1) return keys;
        try {
          for (let key = g.FindKvp(handle); key; key = g.FindKvp(handle)) keys.push(key);
        } finally {
          g.EndFindKvp(handle);
        }
        return keys.sort();
      },
    },
    players: () => g.getPlayers().map(Number).filter(Number.isInteger),
    playerName: (source) => g.GetPlayerName(String(source)) ?? null,
    playerLicense(source) {
      // The native matches a prefix: 'license' alone would also match a `license2:` identifier listed first.
      const license = g.GetPlayerIdentifierByType(String(source), 'license:');
      return typeof license === 'string' && license.startsWith('license:') ? license : null;
    },
    playerIdentifiers(source) {
      const count = Number(g.GetNumPlayerIdentifiers(String(source))) || 0;
      const found: string[] = [];
      for (let index = 0; index < count; index += 1) {
        const identifier = g.GetPlayerIdentifier(String(source), index);
        if (typeof identifier === 'string') found.push(identifier);
      }
      return found;
    },
    isAceAllowed: (source, ace) => {
      const allowed = g.IsPlayerAceAllowed(String(source), ace);
      return allowed === true || allowed === 1;
    },
    emitNet: (event, target, ...args) => g.emitNet(event, target, ...args),
    tell(source, message) {
      g.emitNet('chat:addMessage', source, {
        color: [255, 200, 40],
        multiline: true,
        args: ['Vote', message],
      });
    },
    registerCommand: (name, handler, restricted) =>
      g.RegisterCommand(
        name,
        (source, args, raw) => handler(Number(source), args ?? [], raw ?? ''),
        restricted,
      ),
    provideExport: (name, fn) => g.exports(name, fn),
    invokingResource() {
      const name = g.GetInvokingResource();
      return typeof name === 'string' && name !== '' ? name : null;
    },
    onPlayerJoining: (handler) => onPlayerEvent('playerJoining', handler),
    onPlayerDropped: (handler) => onPlayerEvent('playerDropped', handler),
    onNet,
    setInterval(fn, ms) {
      const handle = g.setInterval(fn, ms);
      return () => g.clearInterval(handle);
    },
    setTimeout(fn, ms) {
      const handle = g.setTimeout(fn, ms);
      return () => g.clearTimeout(handle);
    },
    fetch: typeof g.fetch === 'function' ? g.fetch.bind(globalThis) : null,
    performHttpRequest: (request) => g.PerformHttpRequestInternalEx(request),
    resourceState: (name) => g.GetResourceState(name),
    exportsOf: (name) => g.exports[name] as Record<string, (...args: unknown[]) => unknown>,
    emit: (event, ...args) => g.emit(event, ...args),
    on,
    executeCommand: (command) => g.ExecuteCommand(command),
    commandAccess(name) {
      const key = name.toLowerCase();
      const registered = g.GetRegisteredCommands?.();
      const known =
        Array.isArray(registered) &&
        registered.some(
          (command) =>
            typeof command === 'object' &&
            command !== null &&
            String((command as { name?: unknown }).name).toLowerCase() === key,
        );
      if (!known || !g.IsPrincipalAceAllowed) return 'unknown';
      const allowed = g.IsPrincipalAceAllowed(`resource.${g.GetCurrentResourceName()}`, `command.${key}`);
      return allowed === true || allowed === 1 ? 'allowed' : 'denied';
    },
    // Every console line passes the sanitiser, so no value from outside can start a line or colour the console.
    log: createLog((level, line) => console.log(COLOURED[level](cleanText(line, LINE_MAX)))),
  };
}
