import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp, type MockApp } from './app';
import { type CheckMode, createStore, type Db, openDatabase, type Store, type WebhookRecord } from './db';
import { webhookUrl } from './discord/admin-routes';
import { type AdminOptions, exposure } from './middleware/admin-guard';
import { rememberPeer } from './middleware/client-ip';
import { createHostAllowList, isWildcardHost, normalizePublicUrl } from './middleware/host-allow-list';
import { type DemoGame, type DemoSeed, seedDemo } from './seed';

/** Options of `startMockServer`; everything has a default suited to tests (port 0, in-memory, no seed). */
export interface MockServerOptions {
  /** Port, 0 = a free one (default 0). */
  port?: number;
  /** Interface (default 127.0.0.1); `0.0.0.0` or `::` listen on every interface. */
  host?: string;
  /**
   * Address clients reach the mock at (a proxy, a LAN name): used in pages, embed snippets and OpenAPI, and
   * accepted as `Host` by the control API and the dashboard.
   */
  publicUrl?: string;
  /** SQLite path or `:memory:` (default `:memory:`); ignored when `store` is given. */
  db?: string;
  /** Use this store instead of opening `db` (the caller keeps ownership of its connection). */
  store?: Store;
  /** Clock (default `Date.now`). */
  now?: () => number;
  /** `/vote/check` rule (default `unclaimed`). */
  checkMode?: CheckMode;
  /** Requests per key per rolling 60 s (default 60). */
  rateLimit?: number;
  /** Control API access (default enabled, no token). */
  admin?: AdminOptions;
  /** Vote page cooldown, ms (default 2 h). */
  voteCooldownMs?: number;
  /** `demo` seeds an empty database (default `none`). */
  seed?: 'demo' | 'none';
  /** Game of the seeded demo server (default `fivem`); a database seeded earlier keeps its own. */
  game?: DemoGame;
  /** Mount the listing-site emulations under `/sites/<kind>` (default off). */
  sites?: boolean;
}

/** A running mock. */
export interface RunningMockServer {
  /** Base URL that reaches the mock from this machine, e.g. `http://127.0.0.1:39123` (never `0.0.0.0`). */
  url: string;
  /** Base URL to give to others: `publicUrl` when set, else `url`. */
  publicUrl: string;
  /** The port actually bound. */
  port: number;
  /** Data access, for arranging tests directly. */
  store: Store;
  /** The Hono app (its `faults` and `limiter` are reachable too). */
  app: MockApp;
  /** The demo server and key when seeded or remembered from an earlier run, else null. */
  demo: DemoSeed | null;
  /** With the demo seed: the URL of the demo Discord webhook (on the loopback `url`), else null. */
  demoWebhookUrl: string | null;
  /** Stops accepting, waits for in-flight requests, closes the database it opened. */
  close(): Promise<void>;
}

/** Name of the webhook the demo seed makes. */
export const DEMO_WEBHOOK_NAME = 'Demo RP votes';

/** Where the demo key of a database file is remembered (keys are stored hashed, so it cannot be read back). */
export function demoFilePath(dbPath: string): string {
  return join(dirname(dbPath), 'demo.json');
}

function rememberedDemo(store: Store, dbPath: string): DemoSeed | null {
  const file = demoFilePath(dbPath);
  const server = store.servers.get(1);
  if (!server) return null;
  if (existsSync(file)) {
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as { server_id?: unknown; api_key?: unknown };
      if (typeof saved.api_key === 'string' && saved.server_id === server.id) {
        // A look-up, not a use: the key's "Last used" stays what game servers did with it.
        const auth = store.keys.lookup(saved.api_key);
        if (auth.ok && auth.serverId === server.id) return { serverId: server.id, apiKey: saved.api_key };
      }
    } catch {
      // an unreadable file is replaced below with a fresh key
    }
  }
  const fresh = { serverId: server.id, apiKey: store.keys.create(server.id).key };
  writeDemo(dbPath, fresh);
  return fresh;
}

function writeDemo(dbPath: string, demo: DemoSeed): void {
  writeFileSync(
    demoFilePath(dbPath),
    `${JSON.stringify({ server_id: demo.serverId, api_key: demo.apiKey }, null, 2)}\n`,
    { mode: 0o600 },
  );
}

/** `exposedBy` of the admin options for a mock on `host` with `publicUrl` (nothing when only loopback reaches it). */
function withExposure(host: string, publicUrl: string | undefined): { exposedBy?: string } {
  const why = exposure(host, publicUrl);
  return why === undefined ? {} : { exposedBy: why };
}

/** Starts the mock on a real socket. Used by the CLI, the e2e tests, the simulator and the benchmarks. */
export async function startMockServer(options: MockServerOptions = {}): Promise<RunningMockServer> {
  const now = options.now ?? Date.now;
  const publicUrl = options.publicUrl === undefined ? undefined : normalizePublicUrl(options.publicUrl);
  let ownDb: Db | undefined;
  let store = options.store;
  if (!store) {
    ownDb = openDatabase(options.db ?? ':memory:');
    store = createStore(ownDb, { now });
  }
  const dbPath = options.store ? ':memory:' : (options.db ?? ':memory:');
  let demo: DemoSeed | null = null;
  if (options.seed === 'demo') {
    if (store.servers.count() === 0) {
      demo = seedDemo(store, now, options.game ? { game: options.game } : {});
      if (dbPath !== ':memory:') writeDemo(dbPath, demo);
    } else if (dbPath !== ':memory:') {
      demo = rememberedDemo(store, dbPath);
    }
  }

  // The demo webhook: the first one of the database (made once, kept across runs of a file database).
  let demoWebhook: WebhookRecord | null = null;
  if (options.seed === 'demo')
    demoWebhook = store.webhooks.list()[0] ?? store.webhooks.create(DEMO_WEBHOOK_NAME);

  const host = options.host ?? '127.0.0.1';
  const base = {
    store,
    now,
    checkMode: options.checkMode ?? 'unclaimed',
    rateLimit: options.rateLimit ?? 60,
  };
  const deps = {
    ...base,
    admin: {
      ...(options.admin ?? { enabled: true }),
      ...withExposure(options.host ?? '127.0.0.1', publicUrl),
    },
    voteCooldownMs: options.voteCooldownMs ?? 2 * 3_600_000,
    ...(options.sites ? { sites: true } : {}),
  };
  let app: MockApp | undefined;
  // The app needs the bound port for its base URL, so it is built once the socket listens.
  const server = serve({
    fetch: (req, env) => (app ? app.fetch(req, env) : new Response(null, { status: 503 })),
    port: options.port ?? 0,
    hostname: host,
  }) as Server;
  // A peer that reset its connection before its address was read has none; it must not pass as in-process.
  server.on('connection', (socket) => {
    if (!rememberPeer(socket)) socket.destroy();
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('listening', () => resolve((server.address() as AddressInfo).port));
    server.once('error', (error) => {
      ownDb?.close();
      reject(error);
    });
  });
  const reachable = isWildcardHost(host) ? (host.includes(':') ? '::1' : '127.0.0.1') : host;
  const url = `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
  const hosts = createHostAllowList({ port, listenHost: host, publicUrl });
  app = createApp({ ...deps, baseUrl: publicUrl ?? url, hosts });

  let closing: Promise<void> | undefined;
  return {
    url,
    publicUrl: publicUrl ?? url,
    port,
    store,
    app: app as MockApp,
    demo,
    demoWebhookUrl: demoWebhook ? webhookUrl(url, demoWebhook) : null,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => {
          ownDb?.close();
          if (error) reject(error);
          else resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
