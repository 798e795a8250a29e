import type { CheckMode } from './db';
import { DatabaseFileError } from './db/open-database';
import { normalizePublicUrl } from './middleware/host-allow-list';
import { DEMO_GAMES, type DemoGame } from './seed';

/** Parsed command line of the mock. */
export interface CliOptions {
  /** Port, 0 = any free port. */
  port: number;
  /** Interface to listen on. */
  host: string;
  /** Address others reach the mock at (`--public-url`), if given. */
  publicUrl?: string | undefined;
  /** SQLite file, or `:memory:`. */
  db: string;
  /** `demo` seeds a fresh database, `none` leaves it empty. */
  seed: 'demo' | 'none';
  /** Game of the seeded demo server (`--game`); undefined when not given (the seed then uses `fivem`). */
  game?: DemoGame | undefined;
  /** Rule of `/vote/check`. */
  checkMode: CheckMode;
  /** Requests per rolling 60 s per key. */
  rateLimit: number;
  /** Cooldown between two votes of a username or IP on the vote page, ms. */
  voteCooldownMs: number;
  /** Control API enabled. */
  admin: boolean;
  /** Listing-site emulations mounted under `/sites/<kind>` (`--sites` or `VR_MOCK_SITES=1`). */
  sites: boolean;
  /** `--help` was asked for. */
  help: boolean;
}

/** A bad command line; the CLI prints the message and exits with code 2. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

/** Defaults of every flag. */
export const CLI_DEFAULTS: CliOptions = {
  port: 8787,
  host: '127.0.0.1',
  db: '.mock/vote-api.sqlite',
  seed: 'demo',
  checkMode: 'unclaimed',
  rateLimit: 60,
  voteCooldownMs: 2 * 3_600_000,
  admin: true,
  sites: false,
  help: false,
};

/** Usage text of `--help`. */
export const USAGE = `Mock of the Vote Verification and Reward API v1

usage: npm start -- [flags]      (or: tsx mock-server/index.ts [flags])

  --port N              port to listen on, 0 = a free port (default 8787)
  --host HOST           interface to listen on (default 127.0.0.1); 0.0.0.0 = every interface
  --public-url URL      address others reach the mock at (a proxy or LAN name, e.g. http://192.168.1.20:8787):
                        used in pages, snippets and OpenAPI, and accepted as Host by /__admin and the dashboard
  --db PATH             SQLite file, created on first run and kept; :memory: for a throw-away one
                        (default .mock/vote-api.sqlite)
  --seed demo|none      seed a new database with a demo server and 20 others (default demo)
  --game fivem|redm     game of the seeded demo server: fivem (default) or redm, a RedM server, for testing
                        the resource on RedM (applies when the database is seeded, i.e. new or :memory:)
  --check-mode MODE     unclaimed (spec variant B, default) or last24h (variant A)
  --rate-limit N        API requests per key in any rolling 60 s (default 60)
  --vote-cooldown DUR   time between two votes of one username or IP on the vote page,
                        e.g. 2h, 90m, 30s, 500ms; 0 or off turns the rule off (default 2h)
  --no-admin            disable the control API /__admin and the owner dashboard
  --sites               also play the listing sites the resource has adapters for (Top-Serveurs, Trackyserver,
                        serveur-prive.net, top-server.net, topgservers.net) under /sites/<kind>; see docs/mock.md
  -h, --help            show this text

environment:
  MOCK_ADMIN_TOKEN      when set, /__admin requires "Authorization: Bearer <token>" (from any address);
                        otherwise it answers loopback clients only
  VR_MOCK_SITES=1       same as --sites
`;

const DURATION = /^(\d+)(ms|s|m|h|d)$/;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses a duration such as `2h`, `90m`, `30s`, `500ms`, `1d` into ms; `0` and `off` are 0. */
export function parseDuration(flag: string, text: string): number {
  if (text.trim() === '0' || text.trim() === 'off') return 0;
  const match = DURATION.exec(text.trim());
  if (!match)
    throw new CliError(
      `${flag} expects a duration like 2h, 90m, 30s or 500ms (0 or off: none), got ${JSON.stringify(text)}`,
    );
  return Number(match[1]) * (UNIT_MS[match[2] as string] as number);
}

function parseInteger(flag: string, text: string, min: number, max: number): number {
  if (!/^-?\d+$/.test(text))
    throw new CliError(`${flag} expects a whole number, got ${JSON.stringify(text)}`);
  const value = Number(text);
  if (value < min || value > max)
    throw new CliError(`${flag} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function oneOf<T extends string>(flag: string, text: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(text)) return text as T;
  throw new CliError(`${flag} must be one of ${allowed.join(', ')}, got ${JSON.stringify(text)}`);
}

const VALUE_FLAGS = [
  '--port',
  '--host',
  '--public-url',
  '--db',
  '--seed',
  '--game',
  '--check-mode',
  '--rate-limit',
  '--vote-cooldown',
];

/** Parses argv (without node and script); accepts `--flag value` and `--flag=value`. Throws `CliError`. */
export function parseCli(argv: readonly string[]): CliOptions {
  const options: CliOptions = { ...CLI_DEFAULTS };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '-h' || arg === '--help') {
      options.help = true;
      continue;
    }
    if (arg === '--no-admin') {
      options.admin = false;
      continue;
    }
    if (arg === '--sites') {
      options.sites = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    if (!VALUE_FLAGS.includes(flag)) throw new CliError(`unknown flag ${JSON.stringify(arg)}`);
    let value: string;
    if (flag !== arg) value = arg.slice(eq + 1);
    else {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new CliError(`${flag} needs a value`);
      value = next;
      i += 1;
    }
    switch (flag) {
      case '--port':
        options.port = parseInteger(flag, value, 0, 65535);
        break;
      case '--host':
        if (value.trim() === '') throw new CliError('--host must not be empty');
        options.host = value;
        break;
      case '--public-url':
        try {
          options.publicUrl = normalizePublicUrl(value);
        } catch (error) {
          throw new CliError((error as Error).message);
        }
        break;
      case '--db':
        if (value.trim() === '') throw new CliError('--db must not be empty');
        options.db = value;
        break;
      case '--seed':
        options.seed = oneOf(flag, value, ['demo', 'none'] as const);
        break;
      case '--game':
        if (value === 'rdr3')
          throw new CliError(
            `--game must be one of ${DEMO_GAMES.join(', ')}, got "rdr3" (RedM's game name in fxmanifest.lua; the listing calls RedM redm)`,
          );
        options.game = oneOf(flag, value, DEMO_GAMES);
        break;
      case '--check-mode':
        options.checkMode = oneOf(flag, value, ['unclaimed', 'last24h'] as const);
        break;
      case '--rate-limit':
        options.rateLimit = parseInteger(flag, value, 1, 1_000_000);
        break;
      case '--vote-cooldown':
        options.voteCooldownMs = parseDuration(flag, value);
        break;
    }
  }
  if (options.game !== undefined && options.seed === 'none')
    throw new CliError(
      `--game sets the game of the seeded demo server; it has no effect with --seed none (drop one of them)`,
    );
  return options;
}

/** One line naming what is at fault: the port, the address or the database file. */
export function startupProblem(error: unknown): string {
  const { code, port, address } = error as { code?: string; port?: number; address?: string };
  if (code === 'EADDRINUSE') {
    return `port ${port} is in use on ${address} (is another mock, such as npm start, already running?); stop it or pick another with --port`;
  }
  if (code === 'EACCES' && port !== undefined) {
    return `port ${port} needs more privileges on this system; pick one above 1023 with --port`;
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return `--host ${address ?? (error as { hostname?: string }).hostname} is not an address of this machine; use 127.0.0.1, 0.0.0.0 or one of its interfaces`;
  }
  if (error instanceof DatabaseFileError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
