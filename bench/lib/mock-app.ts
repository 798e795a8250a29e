import { createBadgeRoutes } from '../../mock-server/badge/routes';
import { type Timing, timeAsync } from './stats';

/** Cache-hit cost of the badge route, or why it could not be measured. */
export type BadgeHitResult = { timing: Timing; coldUs: number; via: string } | { missing: string };

/** Times `GET /badge/1.png` in process after a first (cold) request filled the cache. */
export async function runBadgeCacheHit(iterations: number): Promise<BadgeHitResult> {
  const app = createBadgeRoutes({
    now: Date.now,
    badgeData: (id) =>
      id === 1
        ? {
            name: 'Bench Server 1',
            game: 'gta5',
            rank: 1,
            votesMonthly: 12_352,
            playersOnline: 64,
            playersMax: 128,
          }
        : undefined,
  });
  const path = '/badge/1.png';
  const coldStart = process.hrtime.bigint();
  const first = await app.request(path);
  const coldUs = Number(process.hrtime.bigint() - coldStart) / 1000;
  if (first.status !== 200) return { missing: `cold request answered ${first.status}` };
  await first.arrayBuffer();
  const timing = await timeAsync(async () => {
    const res = await app.request(path);
    await res.arrayBuffer();
  }, iterations);
  return { timing, coldUs, via: 'createBadgeRoutes(...).request()' };
}
