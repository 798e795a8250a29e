import fc from 'fast-check';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { loadBadgeFonts } from '../../mock-server/badge/fonts';
import { BADGE_SIZES, BADGE_STYLES, renderBadgePng, renderBadgeSvg } from '../../mock-server/badge/render';

describe('badge names from anyone', () => {
  it('any name renders to a PNG of the style size, and the drawn name stays inside the badge', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.constantFrom(...BADGE_STYLES.filter((style) => style !== 'mini')),
        (name, style) => {
          const data = { name, game: 'fivem', rank: 2, votesMonthly: 10, playersOnline: 1, playersMax: 8 };
          const options = { style, theme: 'dark', lang: 'en' } as const;
          const png = PNG.sync.read(renderBadgePng(data, options));
          expect({ width: png.width, height: png.height }).toEqual(BADGE_SIZES[style]);
          const drawn = /font-size="15" font-weight="700"[^>]*>([^<]*)<\/text>/.exec(
            renderBadgeSvg(data, options),
          );
          const text = (drawn?.[1] ?? '').replace(/&(lt|gt|amp|quot|apos);/g, 'x');
          expect(loadBadgeFonts().measure(text, 15, 700)).toBeLessThanOrEqual(BADGE_SIZES[style].width - 60);
        },
      ),
      { numRuns: 60, seed: 20261121 },
    );
  });
});
