import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createFontMetrics, type FontMetrics } from './font-metrics';

const require = createRequire(import.meta.url);

/** The font weights a badge uses; each maps to one Inter TTF shipped by `@expo-google-fonts/inter`. */
export type FontWeight = 400 | 600 | 700;

const FILES: Record<FontWeight, string> = {
  400: '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  600: '@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf',
  700: '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf',
};

/**
 * Fonts for the characters Inter lacks, tried in this order, one weight each (server names are drawn bold):
 * Chinese and Japanese (Noto Sans SC has Han, kana and Latin), Arabic, Thai, symbols, then emoji and flags
 * (Noto Emoji, monochrome: resvg draws no colour glyphs).
 */
const FALLBACK_FILES = [
  '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
  '@expo-google-fonts/noto-sans-thai/700Bold/NotoSansThai_700Bold.ttf',
  '@expo-google-fonts/noto-sans-symbols-2/400Regular/NotoSansSymbols2_400Regular.ttf',
  '@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf',
];

/** The family name written into the SVG; it must match the name inside the TTF files. */
export const FONT_FAMILY = 'Inter';

// Bidi embeddings, overrides and isolates: a name must not reverse what is drawn after it.
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
// Parts of emoji sequences Noto Emoji (monochrome) has no drawing for: it draws a "NO GLYPH" box for a flag
// (regional indicators), a ZWJ family, a skin tone or a keycap. Without them each emoji is drawn alone, and
// a flag is dropped.
const EMOJI_SEQUENCE_PARTS = /[\u200d\u20e3\u{1f3fb}-\u{1f3ff}\u{1f1e6}-\u{1f1ff}\u{e0020}-\u{e007f}]/gu;

/** Fonts resolved from node_modules: file paths for resvg and metrics for measuring text. */
export interface BadgeFonts {
  /** Absolute paths of the Inter TTF files, always passed to resvg. */
  readonly files: string[];
  /** Inter plus the fallback fonts `text` needs (only those: a Latin badge loads no fallback file). */
  filesFor(text: string): string[];
  /**
   * `text` without the characters no bundled font can draw, bidi controls and the emoji-sequence parts drawn
   * as boxes: no empty box is ever drawn.
   */
  drawable(text: string): string;
  /** Width in pixels of `text` at `size` px in the given weight, each character in the font that draws it. */
  measure(text: string, size: number, weight: FontWeight): number;
}

interface Fallback {
  path: string;
  metrics: FontMetrics;
}

let loaded: BadgeFonts | undefined;

/** Resolves and parses the Inter and fallback TTFs once per process; throws if a package is missing. */
export function loadBadgeFonts(): BadgeFonts {
  if (loaded) return loaded;
  const inter = new Map<FontWeight, FontMetrics>();
  const files: string[] = [];
  for (const [weight, spec] of Object.entries(FILES)) {
    const path = require.resolve(spec);
    files.push(path);
    inter.set(Number(weight) as FontWeight, createFontMetrics(readFileSync(path)));
  }
  const fallbacks: Fallback[] = FALLBACK_FILES.map((spec) => {
    const path = require.resolve(spec);
    return { path, metrics: createFontMetrics(readFileSync(path)) };
  });
  const regular = inter.get(400) as FontMetrics;
  const fallbackFor = (codePoint: number): Fallback | undefined =>
    fallbacks.find((font) => font.metrics.covers(codePoint));
  const drawn = (codePoint: number) =>
    codePoint === 0x20 || regular.covers(codePoint) || fallbackFor(codePoint) !== undefined;

  loaded = {
    files,
    filesFor(text) {
      const needed = new Set<string>();
      for (const char of text) {
        const codePoint = char.codePointAt(0) as number;
        if (regular.covers(codePoint)) continue;
        const font = fallbackFor(codePoint);
        if (font) needed.add(font.path);
      }
      return needed.size === 0
        ? files
        : [...files, ...fallbacks.map((f) => f.path).filter((p) => needed.has(p))];
    },
    drawable(text) {
      let out = '';
      for (const char of text.replace(BIDI_CONTROLS, '').replace(EMOJI_SEQUENCE_PARTS, '')) {
        if (drawn(char.codePointAt(0) as number)) out += char;
      }
      return out;
    },
    measure(text, size, weight) {
      const font = inter.get(weight);
      if (!font) throw new Error(`no font loaded for weight ${weight}`);
      let width = 0;
      let run = '';
      for (const char of text) {
        const codePoint = char.codePointAt(0) as number;
        if (font.covers(codePoint) || codePoint === 0x20) {
          run += char;
          continue;
        }
        const fallback = fallbackFor(codePoint);
        if (fallback) width += fallback.metrics.measure(char, size);
      }
      return width + font.measure(run, size);
    },
  };
  return loaded;
}
