import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch } from '../mock/sockets-helpers';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  control,
  hasChromium,
  type MockProcess,
  startMock,
  stopMock,
} from './browser-helpers';

const VIEWPORTS = [
  ['390 px phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const;
const THEMES = ['light', 'dark'] as const;

/** Where each element matching `selector` sits against the `.table-wrap` holding it (px, rounded). */
function boxesIn(selector: string) {
  return [...document.querySelectorAll(selector)].map((element) => {
    const wrap = element.closest('.table-wrap') as HTMLElement;
    const box = element.getBoundingClientRect();
    const frame = wrap.getBoundingClientRect();
    return {
      text: (element.textContent ?? '').trim().slice(0, 30),
      right: Math.round(box.right),
      left: Math.round(box.left),
      frameRight: Math.round(frame.right),
      frameLeft: Math.round(frame.left),
      scroll: wrap.scrollWidth - wrap.clientWidth,
    };
  });
}

/** Line boxes of each element's text: 1 when it is on one line. */
function linesOf(selector: string): Array<{ text: string; lines: number }> {
  return [...document.querySelectorAll(selector)].map((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    return { text: (element.textContent ?? '').trim(), lines: tops.size };
  });
}

describe.skipIf(!hasChromium)('owner dashboard and server list at 390 px and on a desktop (Chromium)', () => {
  let mock: MockProcess;
  let browser: Browser;
  let serverId: number;
  let shots: string;

  beforeAll(async () => {
    shots = mkdtempSync(join(tmpdir(), 'vote-reward-dashboard-shots-'));
    mock = await startMock(['--vote-cooldown', '0']);
    const created = await control<{ server: { id: number }; api_key: string }>(
      mock.base,
      '/__admin/servers',
      {
        name: 'Los Santos Roleplay | Serious RP',
        game: 'fivem',
        players_online: 103,
        players_max: 128,
      },
    );
    serverId = created.server.id;
    await control(mock.base, '/__admin/servers', {
      name: 'Big Slots',
      game: 'fivem',
      players_online: 1024,
      players_max: 2048,
    });
    // Two keys, the first used once: its "Last used" date is what widened the row past the Revoke button.
    await control(mock.base, `/__admin/servers/${serverId}/keys`, {});
    const api = (path: string, init: RequestInit = {}) =>
      checkedFetch(`${mock.base}/api/v1${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${created.api_key}`, 'Content-Type': 'application/json' },
      });
    expect((await api('/server/info')).status).toBe(200);
    await control(mock.base, '/__admin/votes', {
      votes: [
        { server_id: serverId, username: 'Neo Newcomer' },
        { server_id: serverId, username: `${'Wolfgang'.repeat(8)}` },
        { server_id: serverId, username: 'Anabela' },
      ],
    });
    const claim = await api('/vote/claim', {
      method: 'POST',
      body: JSON.stringify({ username: 'Neo Newcomer' }),
    });
    expect(claim.status).toBe(200);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await stopMock(mock);
    rmSync(shots, { recursive: true, force: true });
  });

  const open = async (viewport: { width: number; height: number }, theme: string, path: string) => {
    const context = await browser.newContext({
      viewport,
      colorScheme: theme as 'light' | 'dark',
      locale: 'en-US',
    });
    const page = await context.newPage();
    await page.goto(`${mock.base}${path}`);
    return { page, close: () => context.close() };
  };

  for (const [label, viewport] of VIEWPORTS) {
    for (const theme of THEMES) {
      it(`dashboard (${label}, ${theme}): the votes table and both Revoke buttons show in full, nothing scrolls sideways`, async () => {
        const { page, close } = await open(viewport, theme, `/dashboard/servers/${serverId}/integrations`);
        try {
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            viewport.width,
          );
          const revoke = await page.evaluate(boxesIn, 'tr[data-key-prefix] a.button');
          expect(revoke).toHaveLength(2);
          const inside = (box: (typeof revoke)[number]) => {
            expect(box.scroll, `${box.text}: its table scrolls`).toBeLessThanOrEqual(1);
            expect(box.right, `${box.text}: cut off on the right`).toBeLessThanOrEqual(box.frameRight + 1);
            expect(box.left, `${box.text}: cut off on the left`).toBeGreaterThanOrEqual(box.frameLeft - 1);
          };
          revoke.forEach(inside);
          const cells = await page.evaluate(boxesIn, 'table.votes th, table.votes td');
          expect(cells).toHaveLength(12);
          cells.forEach(inside);
          // A short name is never cut in two by the time columns beside it.
          expect(await page.evaluate(linesOf, 'td.voter')).toContainEqual({ text: 'Anabela', lines: 1 });
          const rows = await page
            .locator('table.votes tbody tr')
            .evaluateAll((all) =>
              all.map((row) =>
                [...(row as HTMLTableRowElement).cells]
                  .map((cell) => cell.innerText.replace(/\s+/g, ' ').trim())
                  .join(' | '),
              ),
            );
          expect(rows).toEqual([
            expect.stringMatching(/^Anabela \| \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC \| Waiting$/),
            expect.stringMatching(/^(Wolfgang){8} \| .* \| Waiting$/),
            expect.stringMatching(/^Neo Newcomer \| .* UTC \| Claimed \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/),
          ]);
          // The picture of the table: as wide as the table shows, within the page, and not blank.
          const shot = PNG.sync.read(
            await page
              .locator('table.votes')
              .screenshot({ path: join(shots, `dashboard-${viewport.width}-${theme}.png`) }),
          );
          expect(shot.width).toBeLessThanOrEqual(viewport.width);
          const colours = new Set<number>();
          for (let i = 0; i < shot.data.length; i += 4 * 97) colours.add(shot.data.readUInt32BE(i));
          expect(colours.size).toBeGreaterThan(3);
        } finally {
          await close();
        }
      }, 60_000);
    }

    it(`/servers (${label}): a players count such as 103/128 stays on one line`, async () => {
      const { page, close } = await open(viewport, 'light', '/servers');
      try {
        const counts = await page.evaluate(linesOf, 'td.players');
        expect(counts).toContainEqual({ text: '103/128', lines: 1 });
        expect(counts).toContainEqual({ text: '1,024/2,048', lines: 1 });
        for (const count of counts) expect(count, count.text).toEqual({ text: count.text, lines: 1 });
      } finally {
        await close();
      }
    }, 60_000);
  }

  it.each(THEMES)(
    'the server page in %s mode loads the badges of that theme',
    async (theme) => {
      const { page, close } = await open({ width: 390, height: 844 }, theme, `/servers/${serverId}`);
      try {
        const images = page.locator('img[data-badge-style]');
        await expect
          .poll(() => images.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).complete)))
          .toBe(true);
        const sources = await images.evaluateAll((all) =>
          all.map((img) => (img as HTMLImageElement).currentSrc),
        );
        expect(sources).toHaveLength(3);
        for (const source of sources) expect(new URL(source).searchParams.get('theme')).toBe(theme);
      } finally {
        await close();
      }
    },
    60_000,
  );
});
