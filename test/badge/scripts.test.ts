import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { loadBadgeFonts } from '../../mock-server/badge/fonts';
import { type BadgeData, renderBadgePng, svgToPng } from '../../mock-server/badge/render';

const fonts = loadBadgeFonts();

/** One line of text drawn large, the way a badge draws a name (bold, Inter first). */
function drawn(text: string): Buffer {
  return svgToPng(
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><rect width="120" height="60" fill="#fff"/><text x="10" y="45" font-family="Inter" font-size="40" font-weight="700">${text}</text></svg>`,
  );
}

/** Pixels darker than the white background. */
function ink(png: Buffer): number {
  const image = PNG.sync.read(png);
  let count = 0;
  for (let i = 0; i < image.data.length; i += 4) if ((image.data[i] ?? 255) < 200) count += 1;
  return count;
}

// An unassigned code point: whatever resvg draws for it is the missing-glyph box (.notdef).
const TOFU = drawn('\u0378');

const badge = (name: string) =>
  renderBadgePng(
    {
      name,
      game: 'fivem',
      rank: 3,
      votesMonthly: 120,
      playersOnline: 10,
      playersMax: 64,
    } satisfies BadgeData,
    { style: 'button', theme: 'light', lang: 'en' },
  );

describe('badge names in every script a server name uses', () => {
  it.each([
    ['Japanese', '東京ロールプレイ', 'NotoSansSC'],
    ['Chinese', '中国服务器角色扮演', 'NotoSansSC'],
    ['Arabic', 'عربي مرحبا', 'NotoSansArabic'],
    ['Thai', 'ไทยโรลเพลย์', 'NotoSansThai'],
    ['symbols', '✦✔♛', 'NotoSansSymbols2'],
    ['emoji', '🔥🚓💰😀', 'NotoEmoji'],
  ])('draws %s (%s) with a bundled fallback font, each character a real glyph', (_script, text, font) => {
    expect(fonts.drawable(text)).toBe(text);
    expect(fonts.filesFor(text).some((file) => file.includes(font))).toBe(true);
    for (const char of text) {
      if (char === ' ') continue;
      const png = drawn(char);
      expect(ink(png), `${char} is drawn`).toBeGreaterThan(20);
      expect(png.equals(TOFU), `${char} is not the missing-glyph box`).toBe(false);
    }
  });

  it('draws Cyrillic with Inter itself, loading no fallback font', () => {
    expect(fonts.drawable('Москва RP')).toBe('Москва RP');
    expect(fonts.filesFor('Москва RP')).toEqual(fonts.files);
  });

  it.each([
    ['a flag', '[FR] 🇫🇷 Los Santos', '[FR] Los Santos'],
    ['a subdivision flag', 'Scots 🏴󠁧󠁢󠁳󠁣󠁴󠁿 RP', 'Scots 🏴 RP'],
    ['a ZWJ family', '👨‍👩‍👧 Family RP', '👨👩👧 Family RP'],
    ['a skin tone', '👍🏽 Good RP', '👍 Good RP'],
    ['a keycap', '1️⃣ First RP', '1️ First RP'],
    ['Hangul (no bundled font)', '한국 서버 RP', 'RP'],
    ['an unassigned code point', '\u0378 Odd RP', 'Odd RP'],
    ['a bidi override', '\u202egnp.exe RP', 'gnp.exe RP'],
  ])('drops %s cleanly: the badge is the one without it, no box drawn', (_what, name, same) => {
    expect(badge(name).equals(badge(same))).toBe(true);
  });

  it('keeps a name that is only undrawable characters to an empty line, not boxes', () => {
    expect(fonts.drawable('🇫🇷🇩🇪 한국')).toBe(' ');
    expect(badge('🇫🇷🇩🇪 한국').equals(badge(''))).toBe(true);
  });

  it('measures fallback characters with their own font, so a CJK name is ellipsized inside the badge', () => {
    const latin = fonts.measure('AAAA', 15, 700);
    const han = fonts.measure('東東東東', 15, 700);
    expect(han).toBeGreaterThan(latin);
    expect(han).toBeCloseTo(60, 0);
  });
});
