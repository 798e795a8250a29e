/**
 * The player panel end to end: the built bundle with the shipped fxmanifest.lua in the simulated FXServer, the real
 * mock with its listing-site emulations, and the built NUI page (dist/ui) in Chromium. A player on ESX (FiveM) and
 * on VORP (RedM) opens the panel, votes through each site's button (the page's openUrl lands on the mock's vote pages,
 * voted on in the same browser), claims and buys from the panel; hostile net events from a modified client change
 * nothing; the files a player downloads hold nothing of the server.
 */
import { readFileSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseManifest } from '../../devkit/fxserver/manifest';
import { createE2e, type E2e, type E2ePlayer, REPO_ROOT } from '../../devkit/worlds/e2e-harness';
import { SITE_EMULATIONS } from '../../mock-server/sites';
import { intentOf } from '../../src/client/panel-client';
import { PANEL_INTENT_EVENT, PANEL_STATE_EVENT, type PanelState } from '../../src/panel/protocol';
import { CHROMIUM, CHROMIUM_ARGS, hasChromium } from '../browser/browser-helpers';
import { control } from './sites-world';

const SITE_KEY = 'story_key_ts';
const SHOP = {
  enabled: true,
  items: [
    { id: 'cash', name: 'Cash 500', cost: 40, rewards: { type: 'money', amount: 500 } },
    { id: 'big', name: 'Big cash', cost: 5000, rewards: { type: 'money', amount: 9000 } },
  ],
};

let world: E2e | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

/** A world with the panel on, the seed and Top-Serveurs (by name, on the mock's emulation), a shop. */
async function panelWorld(framework: 'esx' | 'vorp'): Promise<E2e> {
  const top = SITE_EMULATIONS.find((e) => e.kind === 'top-serveurs');
  const w = await createE2e({
    framework,
    sites: true,
    start: false,
    config: {
      reward: { type: 'money', amount: 100 },
      points: { perVote: 100 },
      claimCooldownSeconds: 0,
      shop: SHOP,
    },
    configOf: (mockUrl) => ({
      sites: [
        {
          kind: 'top-serveurs',
          id: 'ts',
          identity: 'name',
          voteUrl: `${mockUrl}/sites/top-serveurs/vote-page`,
          baseUrl: `${mockUrl}${top?.basePath}`,
          rewards: { type: 'money', amount: 200 },
        },
      ],
    }),
    convars: { vote_reward_panel: 'true', vote_reward_site_ts_key: SITE_KEY },
  });
  world = w;
  await control(w, '/__admin/sites/top-serveurs/key', { key: SITE_KEY });
  w.server.start('vote-reward');
  await w.started();
  return w;
}

const states = (w: E2e, player: E2ePlayer): PanelState[] =>
  w.server
    .clientEvents(player.id)
    .filter((event) => event.name === PANEL_STATE_EVENT)
    .map((event) => event.args[0] as PanelState);

const money = (w: E2e, player: E2ePlayer) =>
  w
    .ledger(player)
    .filter((entry) => entry.kind === 'money')
    .map((entry) => entry.amount);

describe('the panel against a modified client (built bundle, ESX)', () => {
  it('refuses intents for another player, floods, unknown ids and a buy without its confirm', async () => {
    const w = await panelWorld('esx');
    await w.vote('Steve');
    const steve = await w.join('Steve');
    const alex = await w.join('Alex');
    w.type(steve, '/vote');
    await w.advance(5000);
    expect(money(w, steve)).toEqual([100]);
    w.type(steve, '/votemenu');
    await w.advance(1000);
    expect(states(w, steve).at(-1)?.stats).toContain('You have 100 vote point(s).');

    // A buy alone never pays: the server answers with a question and a token for Steve.
    w.server.emitNet(PANEL_INTENT_EVENT, steve.id, { kind: 'buy', id: 'cash' });
    await w.advance(6000);
    const token = states(w, steve).at(-1)?.prompt?.token as string;
    expect(token).toMatch(/^[0-9a-f]{24}$/);
    expect(money(w, steve)).toEqual([100]);

    // Alex's client sends Steve's token, names Steve in the payload, asks for ids that do not exist.
    for (const payload of [
      { kind: 'confirm', token },
      { kind: 'confirm', token, player: steve.id },
      { kind: 'buy', id: 'cash', source: steve.id },
      { kind: 'buy', id: 'nothing' },
      { kind: 'buy', id: '../../config.json' },
      { kind: 'claim', license: steve.license },
    ]) {
      w.server.emitNet(PANEL_INTENT_EVENT, alex.id, payload);
      await w.advance(1500);
    }
    await w.advance(6000);
    expect(money(w, steve)).toEqual([100]);
    expect(w.ledger(alex)).toEqual([]);
    expect(states(w, steve).filter((s) => s.prompt === null)).toHaveLength(1);
    expect(states(w, alex).map((s) => s.notice)).toEqual([
      'That choice is no longer valid; choose the item again.',
      'The vote shop has no item "nothing". List: /votemenu',
    ]);

    // A flood from Steve: a few answers, one "please wait", nothing bought.
    const before = states(w, steve).length;
    for (let i = 0; i < 100; i += 1) w.server.emitNet(PANEL_INTENT_EVENT, steve.id, { kind: 'open' });
    await w.advance(1000);
    expect(states(w, steve).length - before).toBeLessThanOrEqual(6);
    expect(w.messages(steve).filter((m) => m.startsWith('Please wait'))).toHaveLength(1);

    // Steve's own confirm, after the flood's window, buys once; the same token again buys nothing.
    await w.advance(6000);
    w.server.emitNet(PANEL_INTENT_EVENT, steve.id, { kind: 'buy', id: 'cash' });
    await w.advance(6000);
    const fresh = states(w, steve).at(-1)?.prompt?.token as string;
    w.server.emitNet(PANEL_INTENT_EVENT, steve.id, { kind: 'confirm', token: fresh });
    await w.advance(6000);
    w.server.emitNet(PANEL_INTENT_EVENT, steve.id, { kind: 'confirm', token: fresh });
    await w.advance(6000);
    expect(money(w, steve)).toEqual([100, 500]);
    expect(w.output().filter((line) => line.includes('panel: refused')).length).toBeGreaterThan(0);
  }, 90_000);

  it('a player downloads only the client files, and they hold nothing of the server', () => {
    const manifest = parseManifest(readFileSync(`${REPO_ROOT}/fxmanifest.lua`, 'utf8'));
    expect(manifest.serverOnly).toBe(false);
    const sent = [
      ...(manifest.metadata.get('client_script') ?? []),
      ...(manifest.metadata.get('ui_page') ?? []),
      ...(manifest.metadata.get('file') ?? []),
      ...(manifest.metadata.get('shared_script') ?? []),
    ];
    expect([...new Set(sent)].sort()).toEqual([
      'dist/client.js',
      'dist/ui/index.html',
      'dist/ui/panel.css',
      'dist/ui/panel.js',
    ]);
    for (const file of sent) {
      const text = readFileSync(`${REPO_ROOT}/${file}`, 'utf8');
      expect(text).not.toMatch(/vote_reward_api_key|config\.json|apiKey|live_/);
    }
  });
});

describe.skipIf(!hasChromium)('a player opens the panel, votes through its buttons, claims and buys', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The built NUI page for `player`: its posts go to the server as the client script sends them. */
  async function panelPage(w: E2e, player: E2ePlayer): Promise<{ page: Page; show(): Promise<void> }> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    let shown = 0;
    await page.route('https://cfx-nui-vote-reward/**', (route) => {
      const path = new URL(route.request().url()).pathname;
      const type = path.endsWith('.css')
        ? 'text/css'
        : path.endsWith('.js')
          ? 'text/javascript'
          : 'text/html';
      return route.fulfill({ body: readFileSync(`${REPO_ROOT}${path}`), contentType: type });
    });
    await page.route('https://vote-reward/*', async (route) => {
      const name = new URL(route.request().url()).pathname.slice(1);
      const intent = name === 'intent' ? intentOf(JSON.parse(route.request().postData() ?? 'null')) : null;
      if (intent) w.server.emitNet(PANEL_INTENT_EVENT, player.id, intent);
      await route.fulfill({ body: '{"ok":true}', contentType: 'application/json' });
    });
    await page.addInitScript(() => {
      const opened: string[] = [];
      const target = window as unknown as Record<string, unknown>;
      target.__opened = opened;
      target.GetParentResourceName = () => 'vote-reward';
      target.invokeNative = (native: string, url: string) => {
        if (native === 'openUrl') opened.push(url);
      };
    });
    await page.goto('https://cfx-nui-vote-reward/dist/ui/index.html');
    return {
      page,
      /** Hands the page every state the server sent since the last call (the client script's SendNuiMessage). */
      async show() {
        const all = states(w, player);
        for (const state of all.slice(shown))
          await page.evaluate((s) => window.postMessage({ type: 'state', state: s }, '*'), state);
        shown = all.length;
      },
    };
  }

  /** Votes as `name` on the page openUrl was given (the player's browser). */
  async function voteOn(url: string, name: string): Promise<void> {
    const page = await browser.newPage();
    await page.goto(url);
    const field = page.getByLabel(/in-game name|Identity/).first();
    await field.fill(name);
    await Promise.all([page.waitForLoadState(), page.getByRole('button', { name: 'Vote' }).click()]);
    await page.close();
  }

  it.each(['esx', 'vorp'] as const)(
    'on %s',
    async (framework) => {
      const w = await panelWorld(framework);
      const steve = await w.join('Steve');
      await w.advance(2000);
      w.type(steve, '/votemenu');
      await w.advance(1000);
      const { page, show } = await panelPage(w, steve);
      await show();
      await expect.poll(() => page.locator('#panel').isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await page.locator('#sites .row-detail').allTextContents()).toEqual([
        'You can vote now',
        'You can vote now',
      ]);

      // Each site's button: openUrl with its vote page, where Steve votes.
      for (const button of await page.locator('#sites button').all()) await button.click();
      const opened = await page.evaluate(() => (window as unknown as { __opened: string[] }).__opened);
      expect(opened).toEqual([
        expect.stringMatching(/\/servers\/\d+\/vote$/),
        expect.stringMatching(/\/sites\/top-serveurs\/vote-page$/),
      ]);
      for (const url of opened) await voteOn(url, 'Steve');

      // Claim from the panel: the seed's vote and Top-Serveurs' vote paid once each, with their points.
      await page.locator('#claim').click();
      await w.until(() => money(w, steve).length >= 2, 20_000);
      await w.advance(3000);
      expect(money(w, steve).sort((a, b) => a - b)).toEqual([100, 200]);
      await show();
      await expect
        .poll(() => page.locator('#shop-title').textContent(), { timeout: 10_000 })
        .toBe('Vote shop: 200 point(s)');
      expect(await page.locator('#sites .row-detail').allTextContents()).toEqual([
        expect.stringMatching(/^Voted · next vote in /),
        expect.stringMatching(/^Voted · next vote in /),
      ]);
      await page.screenshot({ path: `${REPO_ROOT}/.test-out/panel-e2e-${framework}.png` });

      // Buy: the question, then the confirm; the framework's ledger shows the item's money once.
      await page.locator('#shop button').first().click();
      await w.advance(1000);
      await show();
      await expect.poll(() => page.locator('#prompt').isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await page.locator('#prompt-text').textContent()).toBe('Buy Cash 500 for 40 point(s)?');
      await page.locator('#prompt-yes').click();
      await w.until(() => money(w, steve).includes(500), 20_000);
      await w.advance(2000);
      await show();
      await expect
        .poll(() => page.locator('#shop-title').textContent(), { timeout: 10_000 })
        .toBe('Vote shop: 160 point(s)');
      expect(money(w, steve).sort((a, b) => a - b)).toEqual([100, 200, 500]);
      expect(w.messages(steve)).toContain('You bought Cash 500 for 40 point(s). You have 160 point(s) left.');
      await page.close();
    },
    120_000,
  );
});
