import { Resvg } from '@resvg/resvg-js';
import { FONT_FAMILY, type FontWeight, loadBadgeFonts } from './fonts';
import { type BadgeLang, badgeWords, formatCount, summaryLine } from './i18n';

export type { BadgeLang } from './i18n';

/** Badge layouts: a 300×60 button, a 360×110 stats card and a 24 px strip as wide as its text (at most 240). */
export type BadgeStyle = 'button' | 'stats' | 'mini';
/** Colour schemes. */
export type BadgeTheme = 'light' | 'dark';

/** Allowed values of `style`, in documentation order (the first is the default). */
export const BADGE_STYLES: readonly BadgeStyle[] = ['button', 'stats', 'mini'];
/** Allowed values of `theme` (the first is the default). */
export const BADGE_THEMES: readonly BadgeTheme[] = ['light', 'dark'];
/** Allowed values of `lang` (the first is the default). */
export const BADGE_LANGS: readonly BadgeLang[] = ['en', 'fr'];

/** Pixel size of each style: the button and stats PNGs have exactly this size, the mini strip at most this width. */
export const BADGE_SIZES: Readonly<Record<BadgeStyle, { width: number; height: number }>> = {
  button: { width: 300, height: 60 },
  stats: { width: 360, height: 110 },
  mini: { width: 240, height: 24 },
};

/** What a badge shows about one server. */
export interface BadgeData {
  /** Server name; long names are ellipsized, markup is escaped. */
  name: string;
  /** Game identifier (lowercase word), shown on the stats style. */
  game: string;
  /** 1-based rank by monthly votes. */
  rank: number;
  /** Votes in the current calendar month, the basis of the rank. */
  votesMonthly: number;
  /** Players online now. */
  playersOnline: number;
  /** Player slots; 0 when unknown, then only the online count is shown. */
  playersMax: number;
}

/** How to draw a badge. */
export interface BadgeOptions {
  /** Layout. */
  style: BadgeStyle;
  /** Colour scheme. */
  theme: BadgeTheme;
  /** Language of numbers and words. */
  lang: BadgeLang;
}

interface Palette {
  background: string;
  border: string;
  text: string;
  muted: string;
  accent: string;
  accentText: string;
  divider: string;
  chip: string;
}

const PALETTES: Record<BadgeTheme, Palette> = {
  light: {
    background: '#ffffff',
    border: '#d0d7de',
    text: '#1f2328',
    muted: '#59636e',
    accent: '#4f46e5',
    accentText: '#ffffff',
    divider: '#e5e7eb',
    chip: '#eef2ff',
  },
  dark: {
    background: '#161b22',
    border: '#30363d',
    text: '#f0f6fc',
    muted: '#9198a1',
    accent: '#6366f1',
    accentText: '#ffffff',
    divider: '#30363d',
    chip: '#272c52',
  },
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 cannot carry these, resvg would reject the SVG
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g;

/** Escapes text for an SVG text node or attribute, dropping characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  return text
    .replace(XML_FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Collapses whitespace like SVG would, so measuring matches drawing. */
function normalizeSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Cuts `text` to fit `maxWidth` px, ending in an ellipsis when cut. */
export function ellipsize(text: string, maxWidth: number, size: number, weight: FontWeight): string {
  const fonts = loadBadgeFonts();
  const clean = normalizeSpaces(fonts.drawable(text));
  if (fonts.measure(clean, size, weight) <= maxWidth) return clean;
  const chars = Array.from(clean);
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    const candidate = `${chars.slice(0, mid).join('').trimEnd()}…`;
    if (fonts.measure(candidate, size, weight) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join('').trimEnd()}…`;
}

/** The largest font size from `size` down to `minSize` at which `text` fits `maxWidth`. */
function fitSize(text: string, maxWidth: number, size: number, minSize: number, weight: FontWeight): number {
  const fonts = loadBadgeFonts();
  let current = size;
  while (current > minSize && fonts.measure(text, current, weight) > maxWidth) current -= 0.5;
  return current;
}

interface TextSpec {
  x: number;
  y: number;
  size: number;
  weight: FontWeight;
  fill: string;
  anchor?: 'start' | 'middle' | 'end';
  spacing?: number;
  opacity?: number;
}

function text(content: string, spec: TextSpec): string {
  const attrs = [
    `x="${spec.x}"`,
    `y="${spec.y}"`,
    `font-family="${FONT_FAMILY}"`,
    `font-size="${spec.size}"`,
    `font-weight="${spec.weight}"`,
    `fill="${spec.fill}"`,
  ];
  if (spec.anchor && spec.anchor !== 'start') attrs.push(`text-anchor="${spec.anchor}"`);
  if (spec.spacing) attrs.push(`letter-spacing="${spec.spacing}"`);
  if (spec.opacity !== undefined) attrs.push(`fill-opacity="${spec.opacity}"`);
  return `<text ${attrs.join(' ')}>${escapeXml(loadBadgeFonts().drawable(content))}</text>`;
}

function frame(width: number, height: number, radius: number, palette: Palette, body: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs><clipPath id="card"><rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" rx="${radius}"/></clipPath></defs>`,
    `<rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" rx="${radius}" fill="${palette.background}"/>`,
    `<g clip-path="url(#card)">${body}</g>`,
    `<rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" rx="${radius}" fill="none" stroke="${palette.border}"/>`,
    '</svg>',
  ].join('');
}

function rankLabel(rank: number, lang: BadgeLang): string {
  return rank > 0 ? `#${formatCount(rank, lang)}` : '–';
}

function buttonSvg(data: BadgeData, lang: BadgeLang, palette: Palette): string {
  const { width, height } = BADGE_SIZES.button;
  const words = badgeWords(lang);
  const block = 64;
  const rank = rankLabel(data.rank, lang);
  const rankSize = fitSize(rank, block - 12, 22, 12, 700);
  const left = block + 14;
  const room = width - left - 14;
  const summary = summaryLine(data.votesMonthly, data.playersOnline, data.playersMax, lang);
  const summarySize = fitSize(summary, room, 12, 10, 400);
  return frame(
    width,
    height,
    8,
    palette,
    [
      `<rect x="0" y="0" width="${block}" height="${height}" fill="${palette.accent}"/>`,
      text(rank, {
        x: block / 2,
        y: 34,
        size: rankSize,
        weight: 700,
        fill: palette.accentText,
        anchor: 'middle',
      }),
      text(words.rank, {
        x: block / 2,
        y: 48,
        size: 8.5,
        weight: 600,
        fill: palette.accentText,
        anchor: 'middle',
        spacing: 1,
        opacity: 0.8,
      }),
      text(ellipsize(data.name, room, 15, 700), {
        x: left,
        y: 27,
        size: 15,
        weight: 700,
        fill: palette.text,
      }),
      text(ellipsize(summary, room, summarySize, 400), {
        x: left,
        y: 45,
        size: summarySize,
        weight: 400,
        fill: palette.muted,
      }),
    ].join(''),
  );
}

function statsSvg(data: BadgeData, lang: BadgeLang, palette: Palette): string {
  const { width, height } = BADGE_SIZES.stats;
  const words = badgeWords(lang);
  const pad = 16;
  const game = normalizeSpaces(data.game).toUpperCase();
  const gameSize = 9;
  const gameWidth = game ? loadBadgeFonts().measure(game, gameSize, 700) + 0.8 * game.length + 14 : 0;
  const nameRoom = width - 2 * pad - 4 - (gameWidth ? gameWidth + 10 : 0);
  const players =
    data.playersMax > 0
      ? `${formatCount(data.playersOnline, lang)}/${formatCount(data.playersMax, lang)}`
      : formatCount(data.playersOnline, lang);
  const column = (width - 2 * pad - 4) / 3;
  const columns: Array<[string, string]> = [
    [rankLabel(data.rank, lang), words.rankColumn],
    [formatCount(data.votesMonthly, lang), words.votesColumn],
    [players, words.playersColumn],
  ];
  const parts = [
    `<rect x="0" y="0" width="4" height="${height}" fill="${palette.accent}"/>`,
    text(ellipsize(data.name, nameRoom, 15, 700), {
      x: pad + 4,
      y: 29,
      size: 15,
      weight: 700,
      fill: palette.text,
    }),
  ];
  if (game) {
    const chipX = width - pad - gameWidth;
    parts.push(
      `<rect x="${chipX}" y="15" width="${gameWidth}" height="18" rx="9" fill="${palette.chip}"/>`,
      text(game, {
        x: chipX + gameWidth / 2,
        y: 27.5,
        size: gameSize,
        weight: 700,
        fill: palette.accent === PALETTES.dark.accent ? '#c7d2fe' : palette.accent,
        anchor: 'middle',
        spacing: 0.8,
      }),
    );
  }
  parts.push(
    `<rect x="${pad + 4}" y="44" width="${width - 2 * pad - 4}" height="1" fill="${palette.divider}"/>`,
  );
  columns.forEach(([value, label], index) => {
    const x = pad + 4 + index * column;
    if (index > 0) parts.push(`<rect x="${x - 8}" y="56" width="1" height="40" fill="${palette.divider}"/>`);
    const valueSize = fitSize(value, column - 14, 22, 12, 700);
    parts.push(
      text(value, {
        x,
        y: 79,
        size: valueSize,
        weight: 700,
        fill: index === 0 ? palette.accent : palette.text,
      }),
      text(ellipsize(label, column - 12, 10.5, 400), {
        x,
        y: 96,
        size: 10.5,
        weight: 400,
        fill: palette.muted,
      }),
    );
  });
  return frame(width, height, 10, palette, parts.join(''));
}

/** Right padding of the mini strip after its text, px. */
const MINI_END_PAD = 9;

function miniSvg(data: BadgeData, lang: BadgeLang, palette: Palette): string {
  const { width: maxWidth, height } = BADGE_SIZES.mini;
  const fonts = loadBadgeFonts();
  const rank = rankLabel(data.rank, lang);
  const rankWidth = Math.max(34, Math.ceil(fonts.measure(rank, 11.5, 700)) + 14);
  const room = maxWidth - rankWidth - 16;
  const summary = summaryLine(data.votesMonthly, data.playersOnline, data.playersMax, lang);
  const size = fitSize(summary, room, 11, 9, 600);
  const shown = ellipsize(summary, room, size, 600);
  // The strip ends after its text: a fixed 240 px left a third of a small server's badge empty.
  const width = Math.min(maxWidth, Math.ceil(rankWidth + 8 + fonts.measure(shown, size, 600) + MINI_END_PAD));
  return frame(
    width,
    height,
    5,
    palette,
    [
      `<rect x="0" y="0" width="${rankWidth}" height="${height}" fill="${palette.accent}"/>`,
      text(rank, {
        x: rankWidth / 2,
        y: 16,
        size: 11.5,
        weight: 700,
        fill: palette.accentText,
        anchor: 'middle',
      }),
      text(shown, {
        x: rankWidth + 8,
        y: 16,
        size,
        weight: 600,
        fill: palette.text,
      }),
    ].join(''),
  );
}

/** Builds the SVG of a badge; a pure function of its inputs. */
export function renderBadgeSvg(data: BadgeData, options: BadgeOptions): string {
  const palette = PALETTES[options.theme];
  switch (options.style) {
    case 'button':
      return buttonSvg(data, options.lang, palette);
    case 'stats':
      return statsSvg(data, options.lang, palette);
    case 'mini':
      return miniSvg(data, options.lang, palette);
  }
}

/** The SVG of the small "server not found" badge (mini size). */
export function renderNotFoundSvg(options: Pick<BadgeOptions, 'theme' | 'lang'>): string {
  const palette = PALETTES[options.theme];
  const { width: maxWidth, height } = BADGE_SIZES.mini;
  const words = badgeWords(options.lang).notFound;
  const width = Math.min(maxWidth, Math.ceil(42 + loadBadgeFonts().measure(words, 11, 600) + MINI_END_PAD));
  return frame(
    width,
    height,
    5,
    palette,
    [
      `<rect x="0" y="0" width="34" height="${height}" fill="${palette.muted}"/>`,
      text('?', { x: 17, y: 16, size: 11.5, weight: 700, fill: palette.background, anchor: 'middle' }),
      text(words, { x: 42, y: 16, size: 11, weight: 600, fill: palette.muted }),
    ].join(''),
  );
}

/**
 * Rasterizes a badge SVG with the bundled fonts only (system fonts off): Inter, plus the fallback fonts its
 * text needs, which resvg picks per character.
 */
export function svgToPng(svg: string): Buffer {
  const fonts = loadBadgeFonts();
  const resvg = new Resvg(svg, {
    font: { loadSystemFonts: false, fontFiles: fonts.filesFor(svg), defaultFontFamily: FONT_FAMILY },
    textRendering: 1,
    shapeRendering: 2,
  });
  return resvg.render().asPng();
}

/** Renders a badge straight to PNG bytes. */
export function renderBadgePng(data: BadgeData, options: BadgeOptions): Buffer {
  return svgToPng(renderBadgeSvg(data, options));
}
