import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BADGE_LANGS, BADGE_STYLES, BADGE_THEMES } from '../../mock-server/badge/render';
import { BADGE_RENDER_BURST, BADGE_RENDERS_PER_SECOND } from '../../mock-server/badge/routes';
import { type RunningMockServer, startMockServer } from '../../mock-server/server';
import { errorCode, sendOver } from './sockets-helpers';

const clock = { t: Date.UTC(2026, 10, 21, 12) };
let mock: RunningMockServer;
let ids: number[];

/** Every (server, style, theme, lang) badge path of the given servers. */
function variants(servers: number[]): string[] {
  return servers.flatMap((id) =>
    BADGE_STYLES.flatMap((style) =>
      BADGE_THEMES.flatMap((theme) =>
        BADGE_LANGS.map((lang) => `/badge/${id}.png?style=${style}&theme=${theme}&lang=${lang}`),
      ),
    ),
  );
}

/** Requests every path in turn and counts the statuses. */
async function statusesOf(paths: string[]): Promise<Record<number, number>> {
  const counts: Record<number, number> = {};
  for (const path of paths) {
    const res = await sendOver(mock.url, 'GET', path);
    counts[res.status] = (counts[res.status] ?? 0) + 1;
    if (res.status === 503) {
      expect(errorCode(res)).toBe('badge_busy');
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  }
  return counts;
}

// The clock stands still unless a test moves it: every 200 for an uncached variant is one render.
beforeEach(async () => {
  clock.t = Date.UTC(2026, 10, 21, 12);
  mock = await startMockServer({ now: () => clock.t, rateLimit: 100_000 });
  ids = Array.from(
    { length: 20 },
    (_, i) => mock.store.servers.create({ name: `Flood ${i}`, game: 'fivem', playersMax: 64 }).id,
  );
});
afterEach(() => mock.close());

describe('badge flood', () => {
  it(`renders at most ${BADGE_RENDER_BURST} uncached variants at once, answers the rest 503 badge_busy, and /health stays up`, async () => {
    const paths = variants(ids);
    expect(paths.length).toBeGreaterThan(BADGE_RENDER_BURST * 2);
    expect(await statusesOf(paths)).toEqual({
      200: BADGE_RENDER_BURST,
      503: paths.length - BADGE_RENDER_BURST,
    });
    expect((await sendOver(mock.url, 'GET', '/health')).status).toBe(200);
    expect(await statusesOf(paths.slice(0, BADGE_RENDER_BURST))).toEqual({ 200: BADGE_RENDER_BURST });
  });

  it(`renders ${BADGE_RENDERS_PER_SECOND} more per second of the clock once the burst is spent`, async () => {
    const paths = variants(ids);
    await statusesOf(paths.slice(0, BADGE_RENDER_BURST));
    clock.t += 1000;
    const next = paths.slice(BADGE_RENDER_BURST, BADGE_RENDER_BURST + BADGE_RENDERS_PER_SECOND + 5);
    expect(await statusesOf(next)).toEqual({ 200: BADGE_RENDERS_PER_SECOND, 503: 5 });
  });

  it('unknown query parameters neither render nor create cache entries', async () => {
    const id = ids[0] as number;
    const junk = Array.from(
      { length: 60 },
      (_, i) => `/badge/${id}.png?v=${i}&utm_source=x${i}&style=button`,
    );
    expect(await statusesOf(junk)).toEqual({ 200: 60 });
    const others = variants(ids.slice(1)).slice(0, BADGE_RENDER_BURST);
    expect(await statusesOf(others)).toEqual({ 200: BADGE_RENDER_BURST - 1, 503: 1 });
  });

  it('unknown servers cost no render', async () => {
    expect(await statusesOf(Array.from({ length: 60 }, (_, i) => `/badge/${9000 + i}.png`))).toEqual({
      404: 60,
    });
    expect(await statusesOf(variants(ids).slice(0, BADGE_RENDER_BURST))).toEqual({ 200: BADGE_RENDER_BURST });
  });
});
