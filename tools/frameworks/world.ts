/**
 * A world is one server set-up (which framework resources run, their database, the players) plus the scenarios
 * recorded on it. Each scenario runs on a freshly booted world, so scenarios never see each other's state.
 */
import { join } from 'node:path';
import { createServer, type MysqlRouter, type SimPlayer, type SimServer } from './host';
import type { Manifest } from './manifest';
import { PROJECT_ROOT, requireExtracted, resourceName, SOURCES } from './sources';

/** What a scenario gets: the booted server and the JS views of it. */
export interface ScenarioContext {
  server: SimServer;
  /** `exports.<resource>` as our JS resource sees it; every call is recorded in the transcript. */
  exports(resource: string): Record<string, (...args: unknown[]) => unknown>;
  /** Adds a named fact to the transcript (e.g. what the project's adapter answered). */
  note(key: string, value: unknown): void;
}

/** One recorded scenario. */
export interface Scenario {
  /** Stable id, kebab-case (fakes look scenarios up by it). */
  name: string;
  /** What is being shown, in one or two sentences. */
  description: string;
  /** Numbers of the findings in shared/research/review/fidelity.md it reproduces. */
  findings?: number[];
  /** Runs before the "before" state is taken (e.g. fill an inventory, stop a resource). */
  prepare?(ctx: ScenarioContext): void | Promise<void>;
  /** The calls across the boundary whose answers are recorded. */
  run(ctx: ScenarioContext): void | Promise<void>;
}

/** A world definition (one file per world under tools/frameworks/worlds/). */
export interface World {
  /** Transcript file name (`test/frameworks/transcripts/<name>.json`). */
  name: string;
  description: string;
  /** Keys of sources.json to install, in this order (each installed under its FiveM resource name). */
  resources: string[];
  /** Keys of installed resources to start at boot, in order (default: all). Others stay installed but stopped. */
  start?: string[];
  /**
   * Lua resources of our own (never framework code: a DB driver, stand-ins for a base's companion resources, callers
   * of our exports): FiveM name → folder relative to the project root. Installed after `resources`, started after
   * them in this order.
   */
  own?: Record<string, string>;
  /**
   * Resources installed but never started (FiveM name → folder relative to the project root), so a framework can
   * read their files with LoadResourceFile: vote-reward itself, whose `lua/vrp2.lua` vRP 2 loads.
   */
  installed?: Record<string, string>;
  /** Started resources with no scripts, only manifest metadata, added to oxmysql 2.13.0 (always present). */
  stubs?: Record<string, Manifest>;
  convars?: Record<string, string>;
  /** Natives left undefined in Lua (as on the older FXServer the framework was written for); say why in the world. */
  hiddenNatives?: string[];
  /** Opt-in natives of host.ts (e.g. `GetPlayerEP`, scheduler.lua's server alias) the world's Lua calls. */
  extraNatives?: string[];
  /** A fresh database router for one boot. */
  database(log: (line: string) => void): MysqlRouter;
  /** Fresh globals for each JS resource's scope at one boot (e.g. ox_core's stand-in DB driver), by resource. */
  jsGlobals?(log: (line: string) => void): Record<string, Record<string, unknown>>;
  /** Prepares what the world's resources need before they are installed (e.g. builds ox_core's server bundle). */
  build?(): Promise<void>;
  /** Players connected at boot; `load` then makes the framework load each one that should be loaded. */
  players: SimPlayer[];
  /**
   * Runs as a player connects, before `playerJoining` (the player's identifiers already answer): FXServer's
   * `playerConnecting` with its deferrals, for frameworks that set players up there (ND_Core). Default: nothing.
   */
  connecting?(server: SimServer, player: SimPlayer): void;
  /** Loads one player in the framework (e.g. the client's `esx:onPlayerJoined`); may be async (a JS framework). */
  load(server: SimServer, player: SimPlayer): void | Promise<void>;
  /** Sources of the players to load at boot (default: all). */
  loaded?: number[];
  /** The state a scenario may change (balances, item counts, weights), read without recording. */
  state(server: SimServer): unknown;
  scenarios: Scenario[];
}

/** Boots a world: installs and starts its resources, connects and loads its players, clears the recording. */
export async function bootWorld(world: World, onConsole?: (line: string) => void): Promise<SimServer> {
  const log = (line: string) => onConsole?.(line);
  await world.build?.();
  const server = await createServer({
    jsGlobals: world.jsGlobals?.(log),
    convars: world.convars,
    mysql: world.database(log),
    onConsole,
    hiddenNatives: world.hiddenNatives,
    extraNatives: world.extraNatives,
  });
  for (const [name, manifest] of Object.entries({ oxmysql: { version: ['2.13.0'] }, ...world.stubs })) {
    server.addStubResource(name, manifest);
  }
  for (const key of world.resources) {
    await server.addResource(resourceName(key), requireExtracted(key), SOURCES[key]?.virtualFiles ?? {});
  }
  for (const [name, dir] of Object.entries({ ...world.own, ...world.installed }))
    await server.addResource(name, join(PROJECT_ROOT, dir));
  for (const key of world.start ?? world.resources) await server.start(resourceName(key));
  for (const name of Object.keys(world.own ?? {})) await server.start(name);
  await server.pump(1000);
  for (const player of world.players)
    server.connect(player, world.connecting && (() => world.connecting?.(server, player)));
  for (const player of world.players) {
    if ((world.loaded ?? world.players.map((p) => p.source)).includes(player.source))
      await world.load(server, player);
  }
  await server.pump(1000);
  server.recorded.length = 0;
  return server;
}

/** Defines a world (identity; gives the object its type). */
export function defineWorld(world: World): World {
  return world;
}
