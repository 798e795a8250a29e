import { Resvg } from '@resvg/resvg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { loadBadgeFonts } from '../../mock-server/badge/fonts';
import { formatCount, summaryLine } from '../../mock-server/badge/i18n';
import {
  BADGE_LANGS,
  BADGE_SIZES,
  BADGE_STYLES,
  BADGE_THEMES,
  type BadgeData,
  ellipsize,
  escapeXml,
  renderBadgePng,
  renderBadgeSvg,
  renderNotFoundSvg,
  svgToPng,
} from '../../mock-server/badge/render';

const SERVER: BadgeData = {
  name: 'Horizon Roleplay',
  game: 'fivem',
  rank: 3,
  votesMonthly: 12352,
  playersOnline: 64,
  playersMax: 128,
};

const withoutText = (svg: string): string => svg.replace(/<text[^>]*>[^<]*<\/text>/g, '');

/** Number of pixels that differ between two same-sized PNGs. */
function differingPixels(a: Buffer, b: Buffer): number {
  const left = PNG.sync.read(a);
  const right = PNG.sync.read(b);
  expect([left.width, left.height]).toEqual([right.width, right.height]);
  let count = 0;
  for (let i = 0; i < left.data.length; i += 4) {
    const delta =
      Math.abs((left.data[i] ?? 0) - (right.data[i] ?? 0)) +
      Math.abs((left.data[i + 1] ?? 0) - (right.data[i + 1] ?? 0)) +
      Math.abs((left.data[i + 2] ?? 0) - (right.data[i + 2] ?? 0));
    if (delta > 60) count += 1;
  }
  return count;
}

/** The rightmost column (inside the 2 px frame) holding a pixel unlike the background at the right edge. */
function lastInkColumn(image: PNG): number {
  const at = (x: number, y: number) => (y * image.width + x) * 4;
  const bg = at(image.width - 4, image.height >> 1);
  let last = 0;
  for (let y = 2; y < image.height - 2; y += 1) {
    for (let x = 2; x < image.width - 2; x += 1) {
      const i = at(x, y);
      let delta = 0;
      for (let c = 0; c < 3; c += 1) delta += Math.abs((image.data[i + c] ?? 0) - (image.data[bg + c] ?? 0));
      if (delta > 60 && x > last) last = x;
    }
  }
  return last;
}

const combinations = BADGE_STYLES.flatMap((style) =>
  BADGE_THEMES.flatMap((theme) => BADGE_LANGS.map((lang) => ({ style, theme, lang }))),
);

describe('badge rendering', () => {
  it.each(combinations)(
    '$style/$theme/$lang renders a PNG of the style size with visible text',
    (options) => {
      const svg = renderBadgeSvg(SERVER, options);
      const png = renderBadgePng(SERVER, options);
      const image = PNG.sync.read(png);
      const { width, height } = BADGE_SIZES[options.style];
      expect(image.height).toBe(height);
      if (options.style === 'mini') expect(image.width).toBeLessThanOrEqual(width);
      else expect(image.width).toBe(width);
      // Glyphs drawn by the bundled font are the only difference from the same SVG without its text.
      expect(differingPixels(png, svgToPng(withoutText(svg)))).toBeGreaterThan(150);
    },
  );

  it.each(combinations)(
    '$style/$theme/$lang shows rank, monthly votes and players in its language',
    (options) => {
      const svg = renderBadgeSvg(SERVER, options);
      expect(svg).toContain('#3');
      expect(svg).toContain(options.lang === 'fr' ? '12 352' : '12,352');
      expect(svg).toContain('64/128');
      if (options.style === 'mini') {
        expect(svg).toContain(
          options.lang === 'fr' ? '12 352 votes · 64/128 joueurs' : '12,352 votes · 64/128 players',
        );
      } else {
        expect(svg).toContain('Horizon Roleplay');
      }
    },
  );

  it('the text check fails when the font is missing (resvg then draws no glyphs and raises nothing)', () => {
    const svg = renderBadgeSvg(SERVER, { style: 'button', theme: 'light', lang: 'en' });
    const noFonts = new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
    expect(differingPixels(noFonts, svgToPng(withoutText(svg)))).toBe(0);
  });

  it('light and dark themes give different pictures of the same data', () => {
    const light = renderBadgePng(SERVER, { style: 'stats', theme: 'light', lang: 'en' });
    const dark = renderBadgePng(SERVER, { style: 'stats', theme: 'dark', lang: 'en' });
    expect(differingPixels(light, dark)).toBeGreaterThan(10_000);
  });

  it('escapes markup in server names and drops characters XML cannot carry', () => {
    const svg = renderBadgeSvg(
      { ...SERVER, name: '<b>"Tom" & Jerry\'s</b>\u0007' },
      { style: 'stats', theme: 'light', lang: 'en' },
    );
    expect(svg).toContain('&lt;b&gt;&quot;Tom&quot; &amp; Jerry&apos;s&lt;/b&gt;');
    expect(svg).not.toContain('\u0007');
    expect(() => svgToPng(svg)).not.toThrow();
  });

  it.each(BADGE_STYLES.filter((style) => style !== 'mini'))(
    '%s ellipsizes a long name so it stays inside the badge',
    (style) => {
      const name = 'The Most Incredibly Long Roleplay Server Name Ever Listed Anywhere';
      const svg = renderBadgeSvg({ ...SERVER, name }, { style, theme: 'light', lang: 'en' });
      const drawn = /font-size="15" font-weight="700"[^>]*>([^<]*)<\/text>/.exec(svg)?.[1] ?? '';
      expect(drawn.endsWith('…')).toBe(true);
      expect(name.startsWith(drawn.slice(0, -1).trimEnd())).toBe(true);
      expect(loadBadgeFonts().measure(drawn, 15, 700)).toBeLessThan(BADGE_SIZES[style].width - 60);
    },
  );

  it.each([
    { votesMonthly: 1_234_567, playersOnline: 1024, playersMax: 2048, rank: 1234 },
    { votesMonthly: 0, playersOnline: 0, playersMax: 0, rank: 1 },
  ])('keeps every number inside the mini badge for %o', (numbers) => {
    const svg = renderBadgeSvg({ ...SERVER, ...numbers }, { style: 'mini', theme: 'dark', lang: 'fr' });
    const summary = /<text x="([\d.]+)"[^>]*font-size="([\d.]+)" font-weight="600"[^>]*>([^<]*)<\/text>/.exec(
      svg,
    );
    expect(summary).not.toBeNull();
    const [, x, size, content] = summary as RegExpExecArray;
    expect(content).not.toContain('…');
    expect(Number(x) + loadBadgeFonts().measure(content ?? '', Number(size), 600)).toBeLessThanOrEqual(
      BADGE_SIZES.mini.width,
    );
  });

  it.each([
    ['a new server', { rank: 7, votesMonthly: 1, playersOnline: 3, playersMax: 0 }],
    ['the demo server', { rank: 1, votesMonthly: 32, playersOnline: 42, playersMax: 64 }],
    ['the gallery’s server', { rank: 3, votesMonthly: 12_352, playersOnline: 64, playersMax: 128 }],
    ['a huge server', { rank: 1234, votesMonthly: 1_234_567, playersOnline: 1024, playersMax: 2048 }],
  ])('the mini strip of %s ends just after its text (no empty right part)', (_label, numbers) => {
    for (const lang of BADGE_LANGS) {
      for (const theme of BADGE_THEMES) {
        const png = renderBadgePng({ ...SERVER, ...numbers }, { style: 'mini', theme, lang });
        const image = PNG.sync.read(png);
        const empty = image.width - 1 - lastInkColumn(image);
        // The padding after the text and the border; it was 110 px (46 %) for a new server's badge.
        expect(empty, `${theme}/${lang}: ${empty} px empty of ${image.width}`).toBeLessThanOrEqual(14);
        expect(image.width).toBeLessThanOrEqual(BADGE_SIZES.mini.width);
      }
    }
  });

  it.each(BADGE_LANGS)('the not-found strip in %s ends just after its text', (lang) => {
    const image = PNG.sync.read(svgToPng(renderNotFoundSvg({ theme: 'light', lang })));
    expect(image.width - 1 - lastInkColumn(image)).toBeLessThanOrEqual(14);
  });

  it.each([
    { lang: 'en', text: 'Server not found' },
    { lang: 'fr', text: 'Serveur introuvable' },
  ] as const)('the not-found badge says so in $lang', ({ lang, text }) => {
    const svg = renderNotFoundSvg({ theme: 'light', lang });
    expect(svg).toContain(text);
    expect(differingPixels(svgToPng(svg), svgToPng(withoutText(svg)))).toBeGreaterThan(100);
  });
});

describe('badge words and numbers', () => {
  it.each([
    { value: 0, lang: 'en', out: '0' },
    { value: 999, lang: 'en', out: '999' },
    { value: 12352, lang: 'en', out: '12,352' },
    { value: 12352, lang: 'fr', out: '12 352' },
    { value: 1234567, lang: 'fr', out: '1 234 567' },
  ] as const)('formatCount($value, $lang) is $out', ({ value, lang, out }) => {
    expect(formatCount(value, lang)).toBe(out);
  });

  it.each([
    { votes: 12352, online: 64, max: 128, lang: 'en', out: '12,352 votes · 64/128 players' },
    { votes: 12352, online: 64, max: 128, lang: 'fr', out: '12 352 votes · 64/128 joueurs' },
    { votes: 1, online: 1, max: 10, lang: 'en', out: '1 vote · 1/10 player' },
    { votes: 1, online: 0, max: 0, lang: 'fr', out: '1 vote · 0 joueur' },
  ] as const)('summaryLine gives "$out"', ({ votes, online, max, lang, out }) => {
    expect(summaryLine(votes, online, max, lang)).toBe(out);
  });

  it('measures text within 4% of what resvg actually draws', () => {
    const sample = 'Horizon Roleplay — Los Santos 12,352';
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="40"><text x="0" y="30" font-family="Inter" font-size="20" font-weight="700">${escapeXml(sample)}</text></svg>`;
    const drawn = new Resvg(svg, {
      font: { loadSystemFonts: false, fontFiles: loadBadgeFonts().files },
    }).getBBox();
    const measured = loadBadgeFonts().measure(sample, 20, 700);
    expect(drawn).toBeDefined();
    expect(Math.abs(measured - (drawn?.width ?? 0)) / measured).toBeLessThan(0.04);
  });

  it('ellipsize leaves short text alone and cuts long text on a character boundary', () => {
    expect(ellipsize('  Short   name ', 200, 15, 700)).toBe('Short name');
    const cut = ellipsize('Ünïcødé 🎮 server with emoji and a long tail', 90, 15, 700);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).not.toMatch(/[\ud800-\udbff]…$/);
  });
});
