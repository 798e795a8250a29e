import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BADGE_LANGS,
  BADGE_SIZES,
  BADGE_STYLES,
  BADGE_THEMES,
  type BadgeData,
  escapeXml,
  renderBadgePng,
  svgToPng,
} from './render';

/** The sample server drawn in the gallery (the numbers of the spec's example). */
export const GALLERY_SERVER: BadgeData = {
  name: 'Horizon Roleplay — Los Santos',
  game: 'fivem',
  rank: 3,
  votesMonthly: 12352,
  playersOnline: 64,
  playersMax: 128,
};

/** One rendered badge of the gallery. */
export interface GalleryEntry {
  /** File name inside the output folder. */
  file: string;
  /** PNG bytes. */
  png: Buffer;
  /** Pixel size. */
  width: number;
  height: number;
}

/** Renders the twelve style × theme × lang combinations of `data`. */
export function renderGallery(data: BadgeData = GALLERY_SERVER): GalleryEntry[] {
  const entries: GalleryEntry[] = [];
  for (const style of BADGE_STYLES) {
    for (const theme of BADGE_THEMES) {
      for (const lang of BADGE_LANGS) {
        const png = renderBadgePng(data, { style, theme, lang });
        // The PNG's own size (IHDR): the mini strip is only as wide as its text.
        entries.push({
          file: `badge-${style}-${theme}-${lang}.png`,
          png,
          width: png.readUInt32BE(16),
          height: png.readUInt32BE(20),
        });
      }
    }
  }
  return entries;
}

/** Lays the gallery out as one PNG: a column per style, a row per theme × lang, dark rows on dark. */
export function renderContactSheet(entries: GalleryEntry[]): Buffer {
  const gap = 24;
  const labelWidth = 96;
  const header = 36;
  const columnWidth = Math.max(...BADGE_STYLES.map((style) => BADGE_SIZES[style].width));
  const rowHeight = Math.max(...BADGE_STYLES.map((style) => BADGE_SIZES[style].height));
  const rows = BADGE_THEMES.flatMap((theme) => BADGE_LANGS.map((lang) => ({ theme, lang })));
  const width = labelWidth + BADGE_STYLES.length * (columnWidth + gap) + gap;
  const height = header + rows.length * (rowHeight + gap) + gap;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">`,
    `<rect width="${width}" height="${height}" fill="#f6f8fa"/>`,
  ];
  BADGE_STYLES.forEach((style, column) => {
    const x = labelWidth + gap + column * (columnWidth + gap);
    parts.push(
      `<text x="${x}" y="26" font-family="Inter" font-size="13" font-weight="700" fill="#1f2328">${style} (${style === 'mini' ? '≤' : ''}${BADGE_SIZES[style].width}×${BADGE_SIZES[style].height})</text>`,
    );
  });
  rows.forEach(({ theme, lang }, row) => {
    const y = header + gap / 2 + row * (rowHeight + gap);
    if (theme === 'dark') {
      parts.push(
        `<rect x="0" y="${y - gap / 2}" width="${width}" height="${rowHeight + gap}" fill="#0d1117"/>`,
      );
    }
    parts.push(
      `<text x="${gap}" y="${y + rowHeight / 2 + 5}" font-family="Inter" font-size="13" font-weight="600" fill="${theme === 'dark' ? '#f0f6fc' : '#1f2328'}">${theme} · ${lang}</text>`,
    );
    BADGE_STYLES.forEach((style, column) => {
      const entry = entries.find((e) => e.file === `badge-${style}-${theme}-${lang}.png`);
      if (!entry) throw new Error(`gallery is missing ${style}/${theme}/${lang}`);
      const x = labelWidth + gap + column * (columnWidth + gap);
      parts.push(
        `<image x="${x}" y="${y}" width="${entry.width}" height="${entry.height}" href="data:image/png;base64,${escapeXml(entry.png.toString('base64'))}"/>`,
      );
    });
  });
  parts.push('</svg>');
  return svgToPng(parts.join(''));
}

/** Writes the twelve badges and `contact-sheet.png` into `outDir`; returns the written paths. */
export function writeGallery(outDir: string): string[] {
  mkdirSync(outDir, { recursive: true });
  const entries = renderGallery();
  const written: string[] = [];
  for (const entry of entries) {
    const path = join(outDir, entry.file);
    writeFileSync(path, entry.png);
    written.push(path);
  }
  const sheet = join(outDir, 'contact-sheet.png');
  writeFileSync(sheet, renderContactSheet(entries));
  written.push(sheet);
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = new URL('../../docs/badges/', import.meta.url).pathname;
  for (const path of writeGallery(outDir)) console.log(`wrote ${path}`);
}
