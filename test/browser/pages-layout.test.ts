import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  control,
  hasChromium,
  type MockProcess,
  startMock,
  stopMock,
} from './browser-helpers';

const PHONE = { width: 390, height: 844 };
const THEMES = ['light', 'dark'] as const;

/** Text nodes whose colour is under 4.5:1 against the first opaque background behind them (WCAG AA). */
function lowContrastTexts(): Array<{ text: string; ratio: number; color: string; background: string }> {
  type Rgba = { r: number; g: number; b: number; a: number };
  const parse = (value: string): Rgba | undefined => {
    const match = /rgba?\(([^)]+)\)/.exec(value);
    if (!match?.[1]) return undefined;
    const [r = 0, g = 0, b = 0, a = 1] = match[1]
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return { r, g, b, a };
  };
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const luminance = (c: Rgba) => 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
  const backgroundOf = (element: Element): Rgba => {
    for (let e: Element | null = element; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0) return c;
    }
    return { r: 255, g: 255, b: 255, a: 1 };
  };
  const found: Array<{ text: string; ratio: number; color: string; background: string }> = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const element = node.parentElement;
    if (!element || !node.textContent?.trim() || element.closest('script,style')) continue;
    const style = getComputedStyle(element);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    const fg = parse(style.color);
    if (!fg) continue;
    const bg = backgroundOf(element);
    // A translucent text colour is blended over its background first.
    const shown = {
      r: fg.r * fg.a + bg.r * (1 - fg.a),
      g: fg.g * fg.a + bg.g * (1 - fg.a),
      b: fg.b * fg.a + bg.b * (1 - fg.a),
      a: 1,
    };
    const [light, dark] = [luminance(shown), luminance(bg)].sort((x, y) => y - x) as [number, number];
    const ratio = (light + 0.05) / (dark + 0.05);
    if (ratio < 4.5) {
      found.push({
        text: node.textContent.trim().slice(0, 40),
        ratio: Math.round(ratio * 100) / 100,
        color: style.color,
        background: `rgb(${bg.r}, ${bg.g}, ${bg.b})`,
      });
    }
  }
  return found;
}

describe.skipIf(!hasChromium)('pages on a 390 px phone, light and dark (Chromium)', () => {
  let mock: MockProcess;
  let browser: Browser;
  let normal: number;
  let hostile: number;
  let keyPrefix: string;

  beforeAll(async () => {
    mock = await startMock(['--vote-cooldown', '2h']);
    const created = await control<{ server: { id: number } }>(mock.base, '/__admin/servers', {
      name: 'Los Santos Roleplay | Serious RP | Jobs, Gangs & Economy',
      game: 'fivem',
      ip: 'play.example.net',
      port: 30120,
      description:
        'A whitelisted serious roleplay server with custom jobs, housing and a player-run economy.',
      players_online: 118,
      players_max: 128,
      is_verified: true,
      is_premium: true,
    });
    normal = created.server.id;
    hostile = (
      await control<{ server: { id: number } }>(mock.base, '/__admin/servers', {
        name: `\u202e${'W'.repeat(99)}`,
        game: 'fivem',
        ip: 'x'.repeat(255),
        description: 'D'.repeat(2000),
        players_online: 1_000_000,
        players_max: 1_000_000,
      })
    ).server.id;
    await control(mock.base, '/__admin/votes', {
      votes: Array.from({ length: 30 }, (_, i) => ({ server_id: normal, username: `Player${i}` })),
    });
    const keys = await control<{ key: { prefix: string } }>(mock.base, `/__admin/servers/${normal}/keys`, {});
    keyPrefix = keys.key.prefix;
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await stopMock(mock);
  });

  /** The pages a person reaches, each as a function that leaves the page showing it. */
  const visits = (): Array<[string, (page: Page) => Promise<unknown>]> => [
    ['/servers', (p) => p.goto(`${mock.base}/servers`)],
    ['/servers (fr)', (p) => p.goto(`${mock.base}/servers?lang=fr`)],
    ['/servers/:id', (p) => p.goto(`${mock.base}/servers/${normal}`)],
    ['/servers/:id with hostile fields', (p) => p.goto(`${mock.base}/servers/${hostile}`)],
    ['/servers/:id/vote', (p) => p.goto(`${mock.base}/servers/${normal}/vote`)],
    ['/servers/:id/vote with hostile fields', (p) => p.goto(`${mock.base}/servers/${hostile}/vote`)],
    [
      'a vote refused by the address rule',
      async (p) => {
        for (const name of ['PhoneAlice', 'PhoneBob']) {
          await p.goto(`${mock.base}/servers/${normal}/vote`);
          await p.getByLabel('Your in-game name').fill(name);
          await Promise.all([p.waitForLoadState('load'), p.getByRole('button', { name: 'Vote' }).click()]);
        }
      },
    ],
    [
      'the owner dashboard (fr)',
      (p) => p.goto(`${mock.base}/dashboard/servers/${normal}/integrations?lang=fr`),
    ],
    [
      'a new key with its server.cfg line',
      async (p) => {
        await p.goto(`${mock.base}/dashboard/servers/${normal}/integrations`);
        await Promise.all([
          p.waitForURL(/created=/),
          p.getByRole('button', { name: 'Generate a new key' }).click(),
        ]);
      },
    ],
    [
      'the revoke confirmation',
      (p) => p.goto(`${mock.base}/dashboard/servers/${normal}/integrations/keys/${keyPrefix}/revoke`),
    ],
    [
      'the hostile server’s dashboard',
      (p) => p.goto(`${mock.base}/dashboard/servers/${hostile}/integrations`),
    ],
    ['/__admin', (p) => p.goto(`${mock.base}/__admin`)],
    ['an error page', (p) => p.goto(`${mock.base}/servers/999999`)],
  ];

  for (const theme of THEMES) {
    it(`no page or table scrolls sideways and every text is at least 4.5:1 (${theme})`, async () => {
      const context = await browser.newContext({ viewport: PHONE, colorScheme: theme, locale: 'en-US' });
      const problems: string[] = [];
      try {
        for (const [name, visit] of visits()) {
          const page = await context.newPage();
          await visit(page);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          if (width > PHONE.width) problems.push(`${name}: ${width} px wide`);
          const tables = await page.evaluate(() =>
            [...document.querySelectorAll('.table-wrap')].map((wrap) => wrap.scrollWidth - wrap.clientWidth),
          );
          // The wrapper is the safety net; on a phone the columns that matter fit without scrolling inside it.
          if (tables.some((overflow) => overflow > 1))
            problems.push(`${name}: a table scrolls by ${tables} px`);
          for (const low of await page.evaluate(lowContrastTexts)) {
            problems.push(`${name}: "${low.text}" ${low.ratio}:1 (${low.color} on ${low.background})`);
          }
          await page.close();
        }
      } finally {
        await context.close();
      }
      expect(problems).toEqual([]);
    }, 120_000);
  }

  /** A browser without `field-sizing` (Firefox): CSS.supports says so (the style sheet's rule is undone below). */
  const withoutFieldSizing = () => {
    const supports = CSS.supports.bind(CSS);
    CSS.supports = ((...args: [string, string?]) =>
      String(args[0]).startsWith('field-sizing')
        ? false
        : supports(...(args as [string, string]))) as typeof CSS.supports;
  };

  for (const [viewport, how] of [
    [PHONE, 'field-sizing'],
    [{ width: 1280, height: 900 }, 'field-sizing'],
    [PHONE, 'the script, in a browser without field-sizing'],
  ] as const) {
    it(`shows every line of each embed snippet, none cut, at ${viewport.width} px (${how})`, async () => {
      const context = await browser.newContext({ viewport });
      if (how !== 'field-sizing') await context.addInitScript(withoutFieldSizing);
      try {
        const page = await context.newPage();
        const boxes: Array<{ server: string; id: string; lines: number; scroll: number; client: number }> =
          [];
        for (const [server, id] of [
          ['normal', normal],
          ['hostile', hostile],
        ] as const) {
          await page.goto(`${mock.base}/servers/${id}`);
          if (how !== 'field-sizing') {
            // As loaded in such a browser: the rule ignored, the boxes as the script sized them (sized again on a
            // resize, now that the rule is undone).
            await page.addStyleTag({ content: '.snippet textarea{field-sizing:fixed!important}' });
            await page.evaluate(() => dispatchEvent(new Event('resize')));
          }
          const found = await page.evaluate(() =>
            [...document.querySelectorAll<HTMLTextAreaElement>('.snippet textarea')].map((box) => {
              const style = getComputedStyle(box);
              const padding = Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
              const lineHeight = Number.parseFloat(style.lineHeight);
              return {
                id: box.id,
                lines: (box.clientHeight - padding) / lineHeight,
                scroll: box.scrollHeight,
                client: box.clientHeight,
              };
            }),
          );
          expect(found.map((box) => box.id)).toEqual(['embed-button', 'embed-stats', 'embed-mini']);
          boxes.push(...found.map((box) => ({ server, ...box })));
        }
        for (const box of boxes) {
          // Nothing hidden below (no third line cut through the middle) …
          expect(box.scroll, `${box.server} ${box.id}`).toBeLessThanOrEqual(box.client);
          // … and the box is a whole number of lines high (at least the two of a short snippet).
          expect(
            Math.abs(box.lines - Math.round(box.lines)),
            `${box.server} ${box.id}: ${box.lines} lines`,
          ).toBeLessThan(0.05);
          expect(box.lines).toBeGreaterThanOrEqual(1);
        }
        if (viewport === PHONE) {
          // The long hostile name wraps onto more lines at 390 px, all shown.
          const hostileStats = boxes.find((box) => box.server === 'hostile' && box.id === 'embed-stats');
          expect(hostileStats?.lines).toBeGreaterThan(4);
        }
      } finally {
        await context.close();
      }
    });
  }

  it('shows the hostile name forwards in the embed snippet (no bidi override) and the reference fits 390 px', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    try {
      const page = await context.newPage();
      await page.goto(`${mock.base}/servers/${hostile}`);
      const snippet = await page.locator('#embed-button').inputValue();
      expect(snippet).toMatch(/^<a href="http:\/\/127\.0\.0\.1:\d+\/servers\/\d+"><img src=/);
      expect(snippet).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
      await page.goto(`${mock.base}/docs`);
      await page.locator('.opblock').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
    } finally {
      await context.close();
    }
  });

  it('answers "Try it out" of /vote/check from localhost as well as 127.0.0.1, sending only the username', async () => {
    const { api_key: key } = await control<{ api_key: string }>(
      mock.base,
      `/__admin/servers/${normal}/keys`,
      {},
    );
    for (const origin of [mock.base, mock.base.replace('127.0.0.1', 'localhost')]) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const page = await context.newPage();
        await page.goto(`${origin}/docs`);
        const operation = page.locator('#operations-votes-checkVote');
        await operation.waitFor();
        await page.getByRole('button', { name: 'Authorize' }).first().click();
        // The first field of the dialog is the Bearer scheme's value.
        await page.locator('.modal-ux input').first().fill(key);
        await page.locator('.modal-ux button.authorize').first().click();
        await page.locator('.modal-ux button.btn-done').first().click();
        await operation.locator('.opblock-summary').click();
        await operation.locator('button.try-out__btn').click();
        const [answer] = await Promise.all([
          page.waitForResponse((res) => res.url().includes('/api/v1/vote/check')),
          operation.locator('button.execute').click(),
        ]);
        expect(new URL(answer.url()).origin).toBe(origin);
        expect(new URL(answer.url()).search).toBe('?username=Steve');
        expect(answer.status()).toBe(200);
      } finally {
        await context.close();
      }
    }
  });

  it('sends the JSON content type from "Try it out" on a body-less control-API write, so it is accepted', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${mock.base}/docs`);
      const operation = page.locator('#operations-control-createKey');
      await operation.waitFor();
      await operation.locator('.opblock-summary').click();
      await operation.locator('button.try-out__btn').click();
      await operation.locator('input[placeholder="id"]').fill(String(normal));
      const [answer] = await Promise.all([
        page.waitForResponse((res) => res.url().endsWith(`/__admin/servers/${normal}/keys`)),
        operation.locator('button.execute').click(),
      ]);
      expect(answer.request().headers()['content-type']).toContain('application/json');
      expect(answer.status()).toBe(201);
    } finally {
      await context.close();
    }
  });
});
