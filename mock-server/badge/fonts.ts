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

/** The family name written into the SVG; it must match the name inside the TTF files. */
export const FONT_FAMILY = 'Inter';

/** Fonts resolved from node_modules: file paths for resvg and metrics for measuring text. */
export interface BadgeFonts {
  /** Absolute paths of the TTF files, passed to resvg as `fontFiles`. */
  readonly files: string[];
  /** Width in pixels of `text` at `size` px in the given weight. */
  measure(text: string, size: number, weight: FontWeight): number;
}

let loaded: BadgeFonts | undefined;

/** Resolves and parses the Inter TTFs once per process; throws if the package is missing. */
export function loadBadgeFonts(): BadgeFonts {
  if (loaded) return loaded;
  const metrics = new Map<FontWeight, FontMetrics>();
  const files: string[] = [];
  for (const [weight, spec] of Object.entries(FILES)) {
    const path = require.resolve(spec);
    files.push(path);
    metrics.set(Number(weight) as FontWeight, createFontMetrics(readFileSync(path)));
  }
  loaded = {
    files,
    measure(text, size, weight) {
      const font = metrics.get(weight);
      if (!font) throw new Error(`no font loaded for weight ${weight}`);
      return font.measure(text, size);
    },
  };
  return loaded;
}
