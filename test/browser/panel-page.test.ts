/**
 * The panel's NUI page (ui/index.html + src/ui/panel.ts) in Chromium, served as FiveM serves it
 * (`https://cfx-nui-<resource>/…`), driven by the states the real server sends (the resource over the fake runtime,
 * the real mock in process) and posting its intents back to it through the route FiveM gives NUI callbacks
 * (`https://<resource>/<callback>`): mouse, keyboard, both screen sizes, every locale without overflow.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeRuntime } from '../../devkit/fakes/runtime';
import { startResourceWorld } from '../../devkit/worlds/resource-world';
import { JOURNAL_FORMAT } from '../../src/engine/journal';
import { LOCALES } from '../../src/i18n/messages';
import { PANEL_INTENT_EVENT, PANEL_STATE_EVENT, type PanelState } from '../../src/panel/protocol';
import { journalKey } from '../../src/store/keys';
import { CHROMIUM, CHROMIUM_ARGS, hasChromium } from './browser-helpers';

const ROOT = new URL('../../', import.meta.url).pathname;
const OUT = `${ROOT}.test-out/panel-ui/`;
const ORIGIN = 'https://cfx-nui-vote-reward';
const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
];

const SHOP = {
  voteUrl: 'https://votes.example/s/demo',
  poll: { enabled: true },
  points: { perVote: 100 },
  shop: {
    enabled: true,
    items: [
      {
        id: 'gift',
        name: { en: 'Gift box', fr: 'Boîte cadeau' },
        cost: 60,
        rewards: { type: 'custom', event: 'x:gift' },
        limit: { count: 1, reset: 'weekly' },
        confirm: true,
      },
      {
        id: 'car',
        name: 'Sports car with a very long name',
        cost: 5000,
        rewards: { type: 'custom', event: 'x:car' },
        stock: 3,
      },
      {
        id: 'xss',
        name: '<img src=x onerror="window.__xss=1">',
        cost: 1,
        rewards: { type: 'custom', event: 'x:x' },
      },
    ],
  },
};

/** A reward of Ana's held for an admin (its payout's outcome unknown), as the journal keeps it. */
const HELD = JSON.stringify({
  format: JOURNAL_FORMAT,
  id: 'held1',
  state: 'needs_admin',
  name: 'Ana',
  license: 'license:a',
  votedAt: null,
  voteId: 'v0',
  rewards: [{ type: 'custom', event: 'x:paid' }],
  given: [false],
  giving: null,
  before: null,
  problem: 'outcome_unknown',
  award: null,
  recorded: true,
  draws: [],
  createdAt: 0,
  updatedAt: 0,
});

/**
 * The running resource (panel on) with Ana online and one vote of hers paid: the server the page talks to; `held`
 * gives her a reward waiting for an admin instead (nothing else pays her while it waits).
 */
async function server(locale: string = 'en', held = false) {
  const world = await startResourceWorld({
    config: { ...SHOP, locale },
    before: (runtime) => {
      runtime.convars.set('vote_reward_panel', 'true');
      if (held) runtime.kvp.set(journalKey('held1'), HELD);
    },
  });
  const { runtime, api } = world;
  runtime.join(1, { name: 'Ana', license: 'license:a' });
  await runtime.clock.advance(10_000);
  api.addVote('Ana', runtime.now());
  runtime.commands.get('vote')?.handler(1, [], 'vote');
  await runtime.clock.advance(60_000);
  return world;
}

const lastState = (runtime: FakeRuntime): PanelState | undefined =>
  runtime.netEvents.filter((e) => e.event === PANEL_STATE_EVENT && e.target === 1).at(-1)?.args[0] as
    | PanelState
    | undefined;

let browser: Browser | undefined;

/** `expect.poll` with room for a loaded machine (the page, the server and Chromium share two cores). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

beforeAll(async () => {
  if (!hasChromium) return;
  mkdirSync(OUT, { recursive: true });
  await build({
    entryPoints: [`${ROOT}src/ui/panel.ts`],
    outfile: `${OUT}panel.js`,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['chrome103'],
    logLevel: 'warning',
  });
  for (const file of ['index.html', 'panel.css'])
    writeFileSync(`${OUT}${file}`, readFileSync(`${ROOT}ui/${file}`));
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
});

/**
 * A page wired to a server: the page's NUI posts are answered as the client script does (an intent goes to the
 * server as player 1's net event) and each state the server sends is handed to the page as the client script does.
 */
async function open(size: { width: number; height: number }, runtime: FakeRuntime, invokeNative = false) {
  const page = (await browser?.newPage({ viewport: size })) as Page;
  const posts: { name: string; body: unknown }[] = [];
  let sent = 0;
  const deliver = async () => {
    const fresh = runtime.netEvents
      .slice(sent)
      .filter((e) => e.event === PANEL_STATE_EVENT && e.target === 1);
    sent = runtime.netEvents.length;
    for (const event of fresh)
      await page.evaluate((state) => window.postMessage({ type: 'state', state }, '*'), event.args[0]);
  };
  await page.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname.replace(/^\//, '');
    const body = readFileSync(`${OUT}${path}`);
    const type = path.endsWith('.css') ? 'text/css' : path.endsWith('.js') ? 'text/javascript' : 'text/html';
    return route.fulfill({ body, contentType: type });
  });
  await page.route('https://vote-reward/*', async (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    const body = JSON.parse(route.request().postData() ?? 'null') as unknown;
    posts.push({ name, body });
    if (name === 'intent') runtime.dispatchNet(PANEL_INTENT_EVENT, 1, body);
    await route.fulfill({ body: '{"ok":true}', contentType: 'application/json' });
  });
  await page.addInitScript((withNative) => {
    (window as unknown as { GetParentResourceName: () => string }).GetParentResourceName = () =>
      'vote-reward';
    const opened: string[] = [];
    (window as unknown as { __opened: string[] }).__opened = opened;
    if (withNative)
      (window as unknown as { invokeNative: (n: string, a: string) => void }).invokeNative = (native, arg) =>
        opened.push(`${native} ${arg}`);
  }, invokeNative);
  await page.goto(`${ORIGIN}/index.html`);
  /** Lets the server run what the page posted, then hands the page what the server sent. */
  const settle = async () => {
    await runtime.clock.advance(6_000);
    await deliver();
  };
  return { page, posts, deliver, settle };
}

/** Elements inside the panel whose content is wider than their box, and whether the panel leaves the screen. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const panel = document.getElementById('panel') as HTMLElement;
    const box = panel.getBoundingClientRect();
    const wide = [...panel.querySelectorAll<HTMLElement>('*')]
      .filter(
        (el) =>
          el.offsetParent !== null &&
          el.scrollWidth > el.clientWidth + 1 &&
          getComputedStyle(el).overflowX !== 'auto',
      )
      .map((el) => `${el.tagName}.${el.className}: ${el.textContent?.slice(0, 40)}`);
    const outside = box.left < 0 || box.top < 0 || box.right > innerWidth || box.bottom > innerHeight;
    return { wide, outside };
  });
}

describe.skipIf(!hasChromium)('the panel page in Chromium', () => {
  it.each(SIZES)(
    'shows what the server sent at $width x $height, inside the screen, text as text',
    async (size) => {
      const { runtime } = await server();
      runtime.commands.get('votemenu')?.handler(1, [], 'votemenu');
      const { page, deliver } = await open(size, runtime);
      await deliver();
      await poll(() => page.locator('#panel').isVisible()).toBe(true);
      expect(await page.locator('#panel-title').textContent()).toBe('Vote for the server');
      expect(await page.locator('#sites .row-title').allTextContents()).toEqual(['votes.example']);
      expect(await page.locator('#stats li').allTextContents()).toContain('You have 100 vote point(s).');
      expect(await page.locator('#shop .row-title').allTextContents()).toEqual([
        'Gift box · 60 point(s)',
        'Sports car with a very long name · 5000 point(s)',
        '<img src=x onerror="window.__xss=1"> · 1 point(s)',
      ]);
      expect(await page.locator('#shop img').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(await overflow(page)).toEqual({ wide: [], outside: false });
      mkdirSync(`${ROOT}.test-out/screenshots`, { recursive: true });
      await page.screenshot({ path: `${ROOT}.test-out/screenshots/panel-nui-${size.width}.png` });
      await page.close();
    },
  );

  it('buys with the mouse: buy posts the id, the server asks, confirm posts its token, the item is given once', async () => {
    const { runtime } = await server();
    runtime.commands.get('votemenu')?.handler(1, [], 'votemenu');
    const { page, posts, deliver, settle } = await open(
      SIZES[1] as { width: number; height: number },
      runtime,
    );
    await deliver();
    await page.locator('#shop button').first().click();
    await poll(() => posts.length).toBe(1);
    expect(posts[0]).toEqual({ name: 'intent', body: { kind: 'buy', id: 'gift' } });
    await settle();
    await poll(() => page.locator('#prompt').isVisible()).toBe(true);
    expect(await page.locator('#prompt-text').textContent()).toBe('Buy Gift box for 60 point(s)?');
    expect(await overflow(page)).toEqual({ wide: [], outside: false });
    const token = lastState(runtime)?.prompt?.token;
    await page.locator('#prompt-yes').click();
    await poll(() => posts.length).toBe(2);
    expect(posts[1]).toEqual({ name: 'intent', body: { kind: 'confirm', token } });
    await settle();
    expect(runtime.emitted.filter((e) => e.event === 'x:gift')).toHaveLength(1);
    await poll(() => page.locator('#prompt').isVisible()).toBe(false);
    expect(await page.locator('#shop-title').textContent()).toBe('Vote shop: 40 point(s)');
    await page.locator('#claim').click();
    await poll(() => posts.at(-1)).toEqual({ name: 'intent', body: { kind: 'claim' } });
    await page.locator('#panel-close').click();
    await poll(() => posts.at(-1)).toEqual({ name: 'close', body: {} });
    expect(await page.locator('#panel').isVisible()).toBe(false);
    await page.close();
  });

  it('works from the keyboard: Tab and Enter buy, Escape cancels the question, then closes', async () => {
    const { runtime } = await server();
    runtime.commands.get('votemenu')?.handler(1, [], 'votemenu');
    const { page, posts, deliver, settle } = await open(
      SIZES[0] as { width: number; height: number },
      runtime,
    );
    await deliver();
    // The close button has the focus; Tab walks the buttons in reading order: vote, claim, then the shop.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('panel-close');
    const focused = async () => page.evaluate(() => document.activeElement?.textContent);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Vote');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Claim my rewards (/vote)');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Buy');
    await page.keyboard.press('Enter');
    await poll(() => posts.at(-1)).toEqual({ name: 'intent', body: { kind: 'buy', id: 'gift' } });
    await settle();
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('prompt-yes');
    await page.keyboard.press('Escape');
    await poll(() => posts.at(-1)).toEqual({ name: 'intent', body: { kind: 'open' } });
    await settle();
    await poll(() => page.locator('#prompt').isVisible()).toBe(false);
    expect(runtime.emitted.filter((e) => e.event === 'x:gift')).toHaveLength(0);
    await page.keyboard.press('Escape');
    await poll(() => posts.at(-1)).toEqual({ name: 'close', body: {} });
    await page.close();
  });

  it.each([
    [false, []],
    [true, ['openUrl https://votes.example/s/demo']],
  ])(
    'the vote button (invokeNative %s) opens the page with openUrl where there is one, and always shows the link selected',
    async (native, opened) => {
      const { runtime } = await server();
      runtime.commands.get('votemenu')?.handler(1, [], 'votemenu');
      const { page, deliver } = await open(SIZES[1] as { width: number; height: number }, runtime, native);
      await deliver();
      await page.locator('#sites button').click();
      expect(await page.evaluate(() => (window as unknown as { __opened: string[] }).__opened)).toEqual(
        opened,
      );
      const field = page.locator('#sites input.link');
      expect(await field.inputValue()).toBe('https://votes.example/s/demo');
      expect(
        await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.selectionEnd),
      ).toBe('https://votes.example/s/demo'.length);
      expect(await overflow(page)).toEqual({ wide: [], outside: false });
      await page.close();
    },
  );

  it.each(LOCALES)('%s: a reward waiting for an admin shows with its reason and fits', async (locale) => {
    const { runtime } = await server(locale, true);
    runtime.commands.get('votemenu')?.handler(1, [], 'votemenu');
    const { page, deliver } = await open(SIZES[1] as { width: number; height: number }, runtime);
    await deliver();
    const waiting = lastState(runtime)?.waiting ?? [];
    expect(waiting).toHaveLength(1);
    expect(waiting[0]?.claimable).toBe(false);
    await poll(() => page.locator('#waiting .row').count()).toBe(1);
    expect(await page.locator('#waiting .row-title').allTextContents()).toEqual([waiting[0]?.rewards]);
    expect(await page.locator('#waiting .row-detail').allTextContents()).toEqual([waiting[0]?.reason]);
    if (locale === 'en')
      expect(waiting[0]?.reason).toBe(
        'Your reward could not be confirmed: the server did not say whether it was given. An admin must check and confirm it; nothing is lost and nothing more is paid until then.',
      );
    expect(await overflow(page)).toEqual({ wide: [], outside: false });
    await page.close();
  });

  it.each(LOCALES)('%s: every text fits at 1280x720, with the question open too', async (locale) => {
    const { runtime } = await server(locale);
    runtime.commands.get('votemenu')?.handler(1, [], 'votemenu');
    const { page, posts, deliver, settle } = await open(
      SIZES[1] as { width: number; height: number },
      runtime,
    );
    await deliver();
    await poll(() => page.locator('#panel').isVisible()).toBe(true);
    expect(await page.locator('#panel-title').textContent()).toBe(lastState(runtime)?.labels.title);
    expect(await overflow(page)).toEqual({ wide: [], outside: false });
    await page.locator('#shop button').first().click();
    await poll(() => posts.length).toBe(1);
    await settle();
    await poll(() => page.locator('#prompt').isVisible()).toBe(true);
    expect(await overflow(page)).toEqual({ wide: [], outside: false });
    await page.close();
  });
});
