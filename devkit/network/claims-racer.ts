/**
 * One "server" of the claims race, run as its own process (`tsx devkit/network/claims-racer.ts <json>`): its own oxmysql
 * fake (own mysql2 pool) on the shared MariaDB, the real ownership protocol (`src/network/claims.ts`, each key owned straight as `paying` as the gate does), and for each key
 * the effect "pay" as one insert into `race_payments`. Options: `dieAfterReserve` / `dieWhilePaying` end the process
 * abruptly (exit code 9) at that key, holding a reservation or a `paying` row. Prints `ready` once connected, waits for a
 * line on stdin (the start of the race), then prints one JSON line of what it did.
 */
import { createNetworkClaims } from '../../src/network/claims';
import type { Sql } from '../../src/network/sql';
import { createOxMySqlFake } from './oxmysql-fake';
import { runRacer, startLine } from './racer-main';

/** The racer's arguments. */
export interface RacerArgs {
  url: string;
  serverId: string;
  keys: string[];
  leaseMs: number;
  dieAfterReserve?: string;
  dieWhilePaying?: string;
  /** Passes over the keys: a key held by a reservation whose lease has not run out is tried again next pass. */
  passes: number;
}

async function main(): Promise<void> {
  const args = JSON.parse(process.argv[2] ?? '{}') as RacerArgs;
  const fake = createOxMySqlFake({ connectionString: args.url, retryMs: 100 });
  const sql: Sql = { query: (statement, params) => fake.api.query(statement, [...params]) };
  const claims = createNetworkClaims(sql, args.serverId, args.leaseMs);
  // Connected and warm, then held until the test releases every racer at once (a line on stdin): a racer whose process
  // started first would otherwise take every key before the others ran, and the race would not be one.
  await sql.query('SELECT 1 AS ok', []);
  process.stdout.write('ready\n');
  await startLine();
  const paid: string[] = [];
  const tookOver: string[] = [];
  let todo = [...args.keys];
  for (let pass = 0; pass < args.passes && todo.length > 0; pass += 1) {
    const later: string[] = [];
    for (const key of todo) {
      // Straight to `paying` (as the gate does), except the key the racer dies holding as a reservation.
      const as = key === args.dieAfterReserve ? 'reserved' : 'paying';
      const owned = await claims.own(key, 'license:racer', as);
      if (!owned.owned) {
        if (owned.row.state === 'reserved') later.push(key);
        continue;
      }
      if (owned.tookOver) tookOver.push(key);
      if (key === args.dieAfterReserve) process.exit(9);
      let row = owned.row;
      if (row.state === 'reserved') {
        const moved = await claims.advance(row, 'paying');
        if (!moved.moved || moved.row === null) continue;
        row = moved.row;
      } else if (row.state !== 'paying') continue;
      if (key === args.dieWhilePaying) process.exit(9);
      await sql.query('INSERT INTO race_payments (k, server) VALUES (?, ?)', [key, args.serverId]);
      paid.push(key);
      await claims.advance(row, 'paid');
    }
    todo = later;
    if (todo.length > 0 && pass + 1 < args.passes)
      await new Promise((resolve) => setTimeout(resolve, args.leaseMs));
  }
  process.stdout.write(`${JSON.stringify({ serverId: args.serverId, paid, tookOver, left: todo })}\n`);
  await fake.close();
}

runRacer(main);
