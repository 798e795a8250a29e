/**
 * End-to-end harness: the BUILT resource (`dist/server.js`) running in the simulated FXServer, talking to the real
 * mock over loopback. A scenario arranges votes on the mock, joins players, types commands and reads what each side
 * recorded: the mock's database, the framework fakes' payout ledger, the player's chat and the server console.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createStore, openDatabase, type Store, type VoteRecord } from '../../mock-server/db';
import type { FaultSpec } from '../../mock-server/middleware/faults';
import { type RunningMockServer, startMockServer } from '../../mock-server/server';
import { createFxServer, type FxServer, type NodeProfile, type PayoutEntry } from '../fxserver';
import {
  createChatFake,
  createEsxFake,
  createNdCoreFake,
  createOxCoreFake,
  createOxInventoryFake,
  createOxLibFake,
  createQbCoreFake,
  createQbInventoryFake,
  createQbxCoreFake,
  createRsgFake,
  createVorpFake,
  createVrpFake,
  type EsxFake,
  type FakeInventory,
  type InventoryFake,
  type NdFake,
  type OxCoreFake,
  type QbFake,
  type RedmFake,
  type VrpFake,
} from '../fxserver/resources';

/** Frameworks a scenario can run the resource on. */
export type Framework = 'esx' | 'qbcore' | 'qbox' | 'vrp' | 'standalone';

/** The frameworks that run on RedM: their worlds boot an FXServer running `rdr3`. */
export type RedmFramework = 'vorp' | 'rsg';

/** Every framework fake set a world can start: {@link Framework} and those tested in files of their own. */
export type AnyFramework = Framework | 'ndcore' | 'oxcore' | RedmFramework;

/** Alias kept for the ND_Core tests. */
export type E2eFramework = AnyFramework;

/** The repository root (the built bundle and the shipped manifest live there). */
export const REPO_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
/** Name the resource runs under, as a server owner would install it. */
export const RESOURCE = 'vote-reward';
/** Console channel of the resource's own prints. */
const RESOURCE_CHANNEL = `[script:${RESOURCE}] `;
/** A line the resource prints once its start-up is over, whichever way it ended. */
const STARTED = /^(vote-reward: connected to |vote-reward: cannot reach the vote API yet|-{72}$)/;
/** The fixed start of simulated time (a Monday noon, UTC), so every run sees the same dates. */
export const START_TIME = Date.UTC(2025, 5, 2, 12, 0, 0);

/** Options of {@link createE2e}. */
export interface E2eOptions {
  /** Framework fakes to start before the resource (default standalone: chat only); vorp and rsg run on RedM. */
  framework?: AnyFramework;
  /** Fields merged over the default config.json; `apiUrl` is filled with the mock's URL unless given. */
  config?: Record<string, unknown>;
  /** Exact config.json text, instead of the generated one (for broken-file scenarios). */
  configText?: string;
  /** Node runtime profile of the simulated server (default node22). */
  profile?: NodeProfile;
  /** API key put in the convar; default: a fresh valid key of the test server. `null` sets no convar. */
  apiKey?: string | null;
  /** Start the resource right away (default true). */
  start?: boolean;
  /** ESX only: ox_inventory installed too (ESX then runs its ox_inventory override), started or stopped. */
  esxOxInventory?: 'started' | 'stopped';
  /** Creates a webhook on the mock's Discord sink and puts its URL in the convar `vote_reward_discord_webhook`. */
  discordWebhook?: boolean;
  /**
   * QBCore/Qbox only: a player's money survives a kill, as it does once QBCore saved it (ESX accounts always do). Off
   * by default: a fresh boot then starts every player at 0, as before a save.
   */
  qbKeepsMoney?: boolean;
  /** Mounts the mock's listing-site emulations (`--sites`). */
  sites?: boolean;
  /** Fields merged over config.json once the mock's URL is known (site `baseUrl`s point at its emulations). */
  configOf?: (mockUrl: string) => Record<string, unknown>;
  /** Convars set on every boot of the simulated server (site keys). */
  convars?: Record<string, string>;
  /**
   * How far the resource's clock runs ahead of the mock's and its sites' (ms; negative: behind), as on a server
   * without NTP. Default 0: one clock for both sides.
   */
  serverAheadMs?: number;
}

/** A message the mock's Discord sink received (`GET /__admin/webhooks`). */
export interface DiscordMessage {
  /** The message text. */
  content: string;
  /** When the sink received it (ISO). */
  received_at: string;
  /** Every other field of the message object Discord would return. */
  [field: string]: unknown;
}

/** A connected player, as the harness knows them. */
export interface E2ePlayer {
  /** Server id. */
  id: number;
  /** In-game name (GetPlayerName). */
  name: string;
  /** `license:` identifier. */
  license: string;
}

/** Options of {@link E2e.join}. */
export interface E2eJoinOptions {
  /** `license:` identifier (default derived from the name). */
  license?: string;
  /** Load the character in the framework right after joining (default true). */
  load?: boolean;
  /** Identifiers listed before the license (e.g. `license2:...`, which FiveM lists first on some accounts). */
  before?: string[];
  /** VORP only: connect without the Steam identifier RedM players normally have. */
  noSteam?: boolean;
}

/** The framework fakes of one simulated server run. */
export interface FrameworkFakes {
  /** es_extended, when the framework is esx. */
  esx: EsxFake | null;
  /** qb-core or qbx_core, when the framework is qbcore or qbox. */
  qb: QbFake | null;
  /** vrp, when the framework is vrp. */
  vrp: VrpFake | null;
  /** ND_Core, when the framework is ndcore. */
  nd?: NdFake | null;
  /** ox_core, when the framework is oxcore. */
  oxcore?: OxCoreFake | null;
  /** ox_inventory (qbox, ndcore, oxcore) or qb-inventory (qbcore). */
  inventory: InventoryFake | null;
  /** VORP or RSG with its inventory, when the framework is vorp or rsg. */
  redm: RedmFake<unknown> | null;
}

/** A crash armed by {@link E2e.crashAtKvpWrite}: the resource's KVP writes counted, the server killed before one. */
export interface KvpCrash {
  /** The resource's KVP writes and deletes seen since arming (the fatal one included), as `set key` / `delete key`. */
  readonly writes: string[];
  /** True once the server was killed. */
  readonly fired: boolean;
}

/** A custom-reward command run by the `shop` test resource: what FXServer handed to its handler. */
export interface ShopCommand {
  /** Command source (0 = console / a resource). */
  source: number;
  /** Parsed arguments. */
  args: string[];
  /** Raw command text. */
  raw: string;
}

/** A running end-to-end world: mock + simulated FXServer + resource. */
export interface E2e {
  /** The real mock on a loopback port. */
  readonly mock: RunningMockServer;
  /** The mock's data (the same database across mock restarts). */
  readonly store: Store;
  /** The simulated server of the current run (replaced by restart()). */
  readonly server: FxServer;
  /** Framework fakes of the current run. */
  readonly fakes: FrameworkFakes;
  /** The test server's id on the mock. */
  readonly serverId: number;
  /** The valid API key of the test server. */
  readonly apiKey: string;
  /** Records a vote on the mock through its control API (`POST /__admin/votes`). */
  vote(username: string, options?: { agoMs?: number }): Promise<VoteRecord>;
  /** Joins a player and, unless told otherwise, loads their character in the framework. */
  join(name: string, options?: E2eJoinOptions): Promise<E2ePlayer>;
  /** Loads an already joined player's character in the framework. */
  load(player: E2ePlayer): void;
  /** The player types a chat line (`/vote`). */
  type(player: E2ePlayer, line: string): void;
  /** Drops a player. */
  drop(player: E2ePlayer): void;
  /** Moves simulated time forward, letting real I/O (HTTP to the mock) complete. */
  advance(ms: number): Promise<void>;
  /**
   * Moves simulated time forward in coarse steps (default one minute, each ending with one frame), for crossing hours
   * or days quickly: timers due inside a step run at its end, so an interval fires at most once per step.
   */
  jump(ms: number, stepMs?: number): Promise<void>;
  /** Simulated time now (epoch ms), also across a kill. */
  now(): number;
  /** The mock's clock (`now()` less `serverAheadMs`). */
  mockNow(): number;
  /** Advances until the predicate holds (default limit 30 s of simulated time). */
  until(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  /** Waits real time without moving the simulated clock (for mock-side delays). */
  realWait(ms: number): Promise<void>;
  /** Every payout recorded by framework fakes, across kills and restarts. */
  ledger(player?: E2ePlayer): PayoutEntry[];
  /** Chat lines the resource sent to a player (the text of `chat:addMessage`). */
  messages(player: E2ePlayer): string[];
  /** The resource's console lines (without the channel prefix), for the current run. */
  output(): string[];
  /** Every console line of the current run. */
  consoleLines(): string[];
  /** The mock's votes for a username (oldest first). */
  votes(username: string): VoteRecord[];
  /** Unclaimed votes of a username on the mock. */
  unclaimed(username: string): VoteRecord[];
  /** Installs a fault on the mock through its control API (`POST /__admin/faults`). */
  fault(spec: FaultSpec): Promise<void>;
  /** Removes every fault. */
  clearFaults(): Promise<void>;
  /** Stops the mock (connections refused) while keeping its database. */
  mockDown(): Promise<void>;
  /** Starts the mock again on the same port and database. */
  mockUp(): Promise<void>;
  /** Commands the `shop` test resource received from custom rewards. */
  shopCommands(): ShopCommand[];
  /** Events `shop:voteGift` the `shop` resource received (source, payload). */
  shopEvents(): unknown[][];
  /** `vote-reward:rewarded` events another resource received (source, { vote_id, username, rewards }). */
  rewardedEvents(): unknown[][];
  /** The webhook URL given to the resource (`discordWebhook` option), or null. */
  readonly discordWebhookUrl: string | null;
  /** Messages the mock's Discord sink received on that webhook, oldest first. */
  discordMessages(): Promise<DiscordMessage[]>;
  /** Kills the whole simulated server (no flush, in-flight HTTP lost). */
  kill(): void;
  /**
   * Kills the whole simulated server right before the resource's `n`-th KVP write or delete from now (1 = the next
   * one), which then never reaches the store; counts the writes either way. Lasts for the current run only.
   */
  crashAtKvpWrite(n: number): KvpCrash;
  /** The resource's KVP as stored on disk (what a restart reads), values of keys starting with `prefix`. */
  kvp(prefix?: string): Record<string, string>;
  /**
   * Starts a fresh simulated server on the same data folder, with fresh fakes, and the resource; `afterMs` moves the
   * clock forward first (the server stayed down that long).
   */
  restart(options?: { afterMs?: number }): Promise<void>;
  /** Advances until the resource's start-up is over (connected, API unreachable, or a problem block printed). */
  started(): Promise<void>;
  /** Runs a console line on the server. */
  console(line: string): void;
  /** Stops everything and removes the temp folder. */
  close(): Promise<void>;
}

/** The path of the built bundle; the e2e suite needs `node build.mjs` to have run. */
export const BUNDLE = path.join(REPO_ROOT, 'dist', 'server.js');

/** Throws a clear error when the bundle is missing. */
export function requireBundle(): string {
  if (!fs.existsSync(BUNDLE)) {
    throw new Error(`${BUNDLE} is missing: run \`node build.mjs\` (npm test does) before the e2e suite`);
  }
  return fs.readFileSync(BUNDLE, 'utf8');
}

/**
 * The built resource installed in a fresh temp folder (`<dir>/resources/vote-reward`: the shipped fxmanifest.lua,
 * the bundle, `config.json`), for tests that start it in a simulated FXServer of their own. `config` is written as
 * given.
 */
export function installBundle(
  prefix: string,
  config: Record<string, unknown>,
): { dir: string; target: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const target = path.join(dir, 'resources', RESOURCE);
  fs.mkdirSync(path.join(target, 'dist'), { recursive: true });
  fs.copyFileSync(path.join(REPO_ROOT, 'fxmanifest.lua'), path.join(target, 'fxmanifest.lua'));
  fs.writeFileSync(path.join(target, 'dist/server.js'), requireBundle());
  copyLocales(target);
  fs.writeFileSync(path.join(target, 'config.json'), JSON.stringify(config));
  return { dir, target };
}

/** Copies the language files (`locales/*.json`) into a resource folder, as the release zip holds them. */
export function copyLocales(resourceDir: string): void {
  fs.cpSync(path.join(REPO_ROOT, 'locales'), path.join(resourceDir, 'locales'), { recursive: true });
}

/** Text the resource's `tell` puts in chat: `chat:addMessage` with args [prefix, text]. */
function chatText(args: unknown[]): string | null {
  const message = args[0] as { args?: unknown[] } | undefined;
  const parts = message?.args;
  if (!Array.isArray(parts) || parts.length === 0) return null;
  return String(parts[parts.length - 1]);
}

/** Creates the world: mock (with a server and key), resource folder, simulated server with the fakes. */
export async function createE2e(options: E2eOptions = {}): Promise<E2e> {
  const bundle = requireBundle();
  const framework = options.framework ?? 'standalone';
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vote-e2e-'));
  const dataDir = path.join(root, 'data');

  // One simulated clock drives both sides, so votes, claims and rate windows agree on the time.
  let server: FxServer | null = null;
  let lastTime = START_TIME;
  const now = (): number => {
    if (server && !server.dead) lastTime = server.now();
    return lastTime;
  };

  // The mock and its sites keep their own time when the server's clock is set off from theirs.
  const mockNow = (): number => now() - (options.serverAheadMs ?? 0);
  const db = openDatabase(':memory:');
  const store = createStore(db, { now: mockNow });
  let mock = await startMockServer({ store, now: mockNow, ...(options.sites ? { sites: true } : {}) });
  const port = mock.port;
  const testServer = store.servers.create({ name: 'Harbor City RP', game: 'fivem' });
  const apiKey = store.keys.create(testServer.id).key;

  const resourceDir = path.join(root, 'resources', RESOURCE);
  fs.mkdirSync(path.join(resourceDir, 'dist'), { recursive: true });
  fs.copyFileSync(path.join(REPO_ROOT, 'fxmanifest.lua'), path.join(resourceDir, 'fxmanifest.lua'));
  fs.writeFileSync(path.join(resourceDir, 'dist', 'server.js'), bundle);
  copyLocales(resourceDir);
  const config = {
    apiUrl: mock.url,
    voteUrl: `${mock.url}/servers/${testServer.id}/vote`,
    framework: 'auto',
    ...(options.config ?? {}),
    ...(options.configOf?.(mock.url) ?? {}),
  };
  fs.writeFileSync(
    path.join(resourceDir, 'config.json'),
    options.configText ?? `${JSON.stringify(config, null, 2)}\n`,
  );

  const ledgers: PayoutEntry[][] = [];
  // ESX's database: balances survive a server kill, as they do when ESX saved them.
  const esxDatabase = new Map<string, Record<string, number>>();
  // QBCore's saved money by license (with `qbKeepsMoney`): the live record of the last load, so every change is kept.
  const qbDatabase = new Map<string, Record<string, number>>();
  const shopCommands: ShopCommand[] = [];
  const shopEvents: unknown[][] = [];
  const rewardedEvents: unknown[][] = [];
  let fakes: FrameworkFakes = { esx: null, qb: null, vrp: null, inventory: null, redm: null };
  const keyConvar = options.apiKey === undefined ? apiKey : options.apiKey;

  const boot = (startResource: boolean): FxServer => {
    const sim = createFxServer({
      dataDir,
      profile: options.profile ?? 'node22',
      startTime: lastTime,
      game: framework === 'vorp' || framework === 'rsg' ? 'rdr3' : 'gta5',
    });
    ledgers.push(sim.ledger);
    if (keyConvar !== null) sim.setConvar('vote_reward_api_key', keyConvar);
    if (discordWebhook) sim.setConvar('vote_reward_discord_webhook', discordWebhook.url);
    for (const [name, value] of Object.entries(options.convars ?? {})) sim.setConvar(name, value);
    const chat = createChatFake();
    sim.addFakeResource('chat', chat.definition);
    sim.start('chat');
    // A server owner's shop: a console command and an event a custom reward can use; both pay into the ledger.
    sim.addFakeResource('shop', {
      setup(g, api) {
        g.RegisterCommand(
          'vote_gift',
          (source: number, args: string[], raw: string) => {
            shopCommands.push({ source, args, raw });
            api.payout({
              framework: 'shop',
              player: Number(args[0]),
              kind: 'custom',
              name: 'command',
              amount: 1,
            });
          },
          true,
        );
        g.on('vote-reward:rewarded', (...args: unknown[]) => {
          rewardedEvents.push(args);
        });
        g.on('shop:voteGift', (...args: unknown[]) => {
          shopEvents.push(args);
          api.payout({
            framework: 'shop',
            player: Number(args[0]),
            kind: 'custom',
            name: 'event',
            amount: 1,
          });
        });
      },
    });
    sim.start('shop');
    sim.addAce(`resource.${RESOURCE}`, 'command.vote_gift', true);
    fakes = { esx: null, qb: null, vrp: null, inventory: null, redm: null };
    if (framework === 'esx') {
      if (options.esxOxInventory) {
        fakes.inventory = createOxInventoryFake({ isLoaded: (id) => fakes.esx?.players.has(id) === true });
        sim.addFakeResource('ox_inventory', fakes.inventory.definition);
        if (options.esxOxInventory === 'started') sim.start('ox_inventory');
      }
      fakes.esx = createEsxFake({ database: esxDatabase });
      sim.addFakeResource('es_extended', fakes.esx.definition);
      sim.start('es_extended');
    } else if (framework === 'qbcore') {
      const core = createQbCoreFake();
      fakes.qb = core;
      fakes.inventory = createQbInventoryFake({ core });
      sim.addFakeResource('qb-core', fakes.qb.definition);
      sim.addFakeResource('qb-inventory', fakes.inventory.definition);
      sim.start('qb-core');
      sim.start('qb-inventory');
    } else if (framework === 'qbox') {
      fakes.qb = createQbxCoreFake();
      fakes.inventory = createOxInventoryFake({ isLoaded: (id) => fakes.qb?.players.has(id) === true });
      sim.addFakeResource('ox_lib', createOxLibFake());
      sim.addFakeResource('qbx_core', fakes.qb.definition);
      sim.addFakeResource('ox_inventory', fakes.inventory.definition);
      sim.start('ox_lib');
      sim.start('qbx_core');
      sim.start('ox_inventory');
    } else if (framework === 'ndcore') {
      const nd = createNdCoreFake();
      fakes.nd = nd;
      fakes.inventory = createOxInventoryFake({ isLoaded: (id) => nd.players.has(id) });
      sim.addFakeResource('ox_lib', createOxLibFake());
      sim.addFakeResource('ND_Core', nd.definition);
      sim.addFakeResource('ox_inventory', fakes.inventory.definition);
      sim.start('ox_lib');
      sim.start('ND_Core');
      sim.start('ox_inventory');
    } else if (framework === 'oxcore') {
      fakes.inventory = createOxInventoryFake({
        cashOf: 'ox_core',
        isLoaded: (id) => fakes.oxcore?.model.players.get(id)?.charId !== undefined,
      });
      fakes.oxcore = createOxCoreFake({ ox: fakes.inventory.model as NonNullable<InventoryFake['model']> });
      sim.addFakeResource('ox_lib', createOxLibFake());
      sim.addFakeResource('ox_core', fakes.oxcore.definition);
      sim.addFakeResource('ox_inventory', fakes.inventory.definition);
      sim.start('ox_lib');
      sim.start('ox_core');
      sim.start('ox_inventory');
    } else if (framework === 'vrp') {
      fakes.vrp = createVrpFake();
      sim.addFakeResource('vrp', fakes.vrp.definition);
      sim.start('vrp');
    } else if (framework === 'vorp' || framework === 'rsg') {
      fakes.redm = framework === 'vorp' ? createVorpFake() : createRsgFake();
      for (const [name, definition] of fakes.redm.resources) {
        sim.addFakeResource(name, definition);
        sim.start(name);
      }
    }
    sim.addResourceFolder(RESOURCE, resourceDir);
    if (startResource) sim.start(RESOURCE);
    return sim;
  };

  const adminPost = async (route: string, body: unknown): Promise<unknown> => {
    const res = await fetch(`${mock.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as unknown;
    if (!res.ok) throw new Error(`e2e: POST ${route} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };

  const discordWebhook = options.discordWebhook
    ? ((await adminPost('/__admin/webhooks', { name: 'vote-reward e2e' })) as { id: string; url: string })
    : null;
  server = boot(options.start ?? true);
  const current = (): FxServer => {
    if (!server) throw new Error('e2e: no simulated server');
    return server;
  };

  const e2e: E2e = {
    get mock() {
      return mock;
    },
    store,
    get server() {
      return current();
    },
    get fakes() {
      return fakes;
    },
    serverId: testServer.id,
    apiKey,
    async vote(username, voteOptions = {}) {
      const body: Record<string, unknown> = { server_id: testServer.id, username };
      if (voteOptions.agoMs !== undefined) body.voted_at = mockNow() - voteOptions.agoMs;
      const json = (await adminPost('/__admin/votes', body)) as { votes: { vote_id: string }[] };
      const id = json.votes[0]?.vote_id;
      const record = store.votes.list({ serverId: testServer.id, username }).find((v) => v.voteId === id);
      if (!record)
        throw new Error(`e2e: vote ${String(id)} for ${username} not found in the mock's database`);
      return record;
    },
    async join(name, joinOptions = {}) {
      const license = joinOptions.license ?? `license:${Buffer.from(name).toString('hex').slice(0, 40)}`;
      // RedM players connect through Steam (VORP finds its users by it).
      const steam =
        framework === 'vorp' && !joinOptions.noSteam
          ? [`steam:${Buffer.from(name).toString('hex').slice(0, 15)}`]
          : [];
      const id = await current().join({
        name,
        identifiers: [...(joinOptions.before ?? []), ...steam, license],
      });
      const player = { id, name, license };
      if (joinOptions.load ?? true) e2e.load(player);
      return player;
    },
    load(player) {
      if (fakes.esx)
        fakes.esx.loadPlayer(player.id, { identifier: player.license.slice(8), name: player.name });
      if (fakes.qb) {
        const saved = options.qbKeepsMoney ? qbDatabase.get(player.license) : undefined;
        const state = fakes.qb.loadPlayer(player.id, {
          license: player.license,
          name: player.name,
          ...(saved ? { money: { ...saved } } : {}),
        });
        if (options.qbKeepsMoney) qbDatabase.set(player.license, state.money);
      }
      if (fakes.vrp) fakes.vrp.loadPlayer(player.id, 100 + player.id);
      if (fakes.nd && !fakes.nd.players.has(player.id))
        fakes.nd.loadPlayer(player.id, { identifier: player.license, firstname: player.name });
      fakes.oxcore?.loadPlayer(player.id, { name: player.name, license: player.license });
      if (fakes.redm)
        fakes.redm.loadPlayer(player.id, `steam:${Buffer.from(player.name).toString('hex').slice(0, 15)}`);
    },
    type(player, line) {
      current().chat(player.id, line);
    },
    drop(player) {
      current().drop(player.id, 'Exiting');
    },
    advance: (ms) => current().advance(ms),
    async jump(ms, stepMs = 60_000) {
      let left = ms;
      while (left > 0) {
        const sim = current();
        if (sim.dead) return;
        const step = Math.min(stepMs, left);
        await sim.advance(0);
        if (step > 50) sim.clock.advance(step - 50);
        await sim.advance(Math.min(50, step));
        left -= step;
      }
    },
    now: () => now(),
    mockNow,
    until: (predicate, timeoutMs = 30_000) => current().until(predicate, { timeoutMs }),
    realWait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    ledger(player) {
      const all = ledgers.flat();
      return player ? all.filter((entry) => entry.player === player.id) : all;
    },
    messages(player) {
      return current()
        .clientEvents(player.id)
        .filter((event) => event.name === 'chat:addMessage')
        .map((event) => chatText(event.args))
        .filter((text): text is string => text !== null);
    },
    output: () =>
      current()
        .consoleLines.filter((line) => line.startsWith(RESOURCE_CHANNEL))
        .map((line) => line.slice(RESOURCE_CHANNEL.length)),
    consoleLines: () => [...current().consoleLines],
    votes: (username) => store.votes.list({ serverId: testServer.id, username }),
    unclaimed: (username) =>
      store.votes.list({ serverId: testServer.id, username }).filter((vote) => vote.claimedAt === null),
    async fault(spec) {
      const { delayMs, retryAfter, ...rest } = spec;
      await adminPost('/__admin/faults', { ...rest, delay_ms: delayMs, retry_after: retryAfter });
    },
    async clearFaults() {
      const res = await fetch(`${mock.url}/__admin/faults`, { method: 'DELETE' });
      if (!res.ok) throw new Error(`e2e: DELETE /__admin/faults answered ${res.status}`);
    },
    async mockDown() {
      const closing = mock.close();
      await closing;
    },
    async mockUp() {
      mock = await startMockServer({ store, now: mockNow, port, ...(options.sites ? { sites: true } : {}) });
    },
    discordWebhookUrl: discordWebhook?.url ?? null,
    async discordMessages() {
      if (!discordWebhook) return [];
      const res = await fetch(`${mock.url}/__admin/webhooks`);
      if (!res.ok) throw new Error(`e2e: GET /__admin/webhooks answered ${res.status}`);
      const json = (await res.json()) as { webhooks: { id: string; messages: DiscordMessage[] }[] };
      return json.webhooks.find((webhook) => webhook.id === discordWebhook.id)?.messages ?? [];
    },
    shopCommands: () => shopCommands,
    shopEvents: () => shopEvents,
    rewardedEvents: () => rewardedEvents,
    kill() {
      now();
      current().kill();
    },
    crashAtKvpWrite(n) {
      const sim = current();
      const crash = { writes: [] as string[], fired: false };
      sim.kvpHook = (write) => {
        if (write.resource !== RESOURCE || crash.fired) return undefined;
        crash.writes.push(`${write.deleted ? 'delete' : 'set'} ${write.key}`);
        if (crash.writes.length !== n) return undefined;
        now();
        crash.fired = true;
        return 'kill-before';
      };
      return crash;
    },
    kvp(prefix = '') {
      const file = path.join(dataDir, 'kvp', `${encodeURIComponent(RESOURCE)}.json`);
      if (!fs.existsSync(file)) return {};
      const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { v: unknown }>;
      return Object.fromEntries(
        Object.entries(stored)
          .filter(([key]) => key.startsWith(prefix))
          .map(([key, value]) => [key, String(value.v)]),
      );
    },
    async restart(restartOptions = {}) {
      now();
      if (server && !server.dead) server.kill();
      lastTime += restartOptions.afterMs ?? 0;
      server = boot(true);
      await e2e.started();
    },
    async started() {
      const sim = current();
      const done = () =>
        sim.consoleLines.some(
          (line) => line.startsWith(RESOURCE_CHANNEL) && STARTED.test(line.slice(RESOURCE_CHANNEL.length)),
        );
      await sim.until(done, { timeoutMs: 20_000 });
    },
    console(line) {
      current().consoleCommand(line);
    },
    async close() {
      if (server && !server.dead) server.kill();
      server = null;
      await Promise.race([mock.close(), new Promise((resolve) => setTimeout(resolve, 3000))]);
      db.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
  if (options.start ?? true) await e2e.started();
  else await current().advance(0);
  return e2e;
}

/** Inventory of a player in whichever inventory the framework uses (ESX's own, ox_inventory, qb-inventory). */
export function inventoryOf(e2e: E2e, player: E2ePlayer): FakeInventory {
  const esxPlayer = e2e.fakes.esx?.players.get(player.id);
  if (esxPlayer) return esxPlayer.inventory;
  if (e2e.fakes.inventory) return e2e.fakes.inventory.inventory(player.id);
  throw new Error(`e2e: no inventory for player ${player.id} (framework without items)`);
}
