/** Horizontal metrics of one TrueType font, enough to measure a line of text before it is drawn. */
export interface FontMetrics {
  /** Units per em from the `head` table. */
  readonly unitsPerEm: number;
  /** Width in pixels of `text` set at `fontSize` px (sum of glyph advances, no kerning). */
  measure(text: string, fontSize: number): number;
  /** True when the font maps this code point to a glyph (not .notdef). */
  covers(codePoint: number): boolean;
}

interface TableRecord {
  offset: number;
  length: number;
}

function readTables(font: Buffer): Map<string, TableRecord> {
  const count = font.readUInt16BE(4);
  const tables = new Map<string, TableRecord>();
  for (let i = 0; i < count; i++) {
    const at = 12 + 16 * i;
    tables.set(font.toString('latin1', at, at + 4), {
      offset: font.readUInt32BE(at + 8),
      length: font.readUInt32BE(at + 12),
    });
  }
  return tables;
}

function requireTable(tables: Map<string, TableRecord>, tag: string): TableRecord {
  const table = tables.get(tag);
  if (!table) throw new Error(`font has no '${tag}' table`);
  return table;
}

/** Builds a code point → glyph id lookup from the best Unicode cmap subtable (format 12, else 4). */
function readCmap(font: Buffer, cmap: TableRecord): (codePoint: number) => number {
  const subtableCount = font.readUInt16BE(cmap.offset + 2);
  let format4: number | undefined;
  let format12: number | undefined;
  for (let i = 0; i < subtableCount; i++) {
    const record = cmap.offset + 4 + 8 * i;
    const platform = font.readUInt16BE(record);
    const encoding = font.readUInt16BE(record + 2);
    const at = cmap.offset + font.readUInt32BE(record + 4);
    const format = font.readUInt16BE(at);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (format === 12) format12 ??= at;
    if (format === 4) format4 ??= at;
  }

  if (format12 !== undefined) {
    const at = format12;
    const groups = font.readUInt32BE(at + 12);
    return (codePoint) => {
      let lo = 0;
      let hi = groups - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const group = at + 16 + 12 * mid;
        const start = font.readUInt32BE(group);
        const end = font.readUInt32BE(group + 4);
        if (codePoint < start) hi = mid - 1;
        else if (codePoint > end) lo = mid + 1;
        else return font.readUInt32BE(group + 8) + (codePoint - start);
      }
      return 0;
    };
  }

  if (format4 !== undefined) {
    const at = format4;
    const segments = font.readUInt16BE(at + 6) / 2;
    const ends = at + 14;
    const starts = ends + 2 * segments + 2;
    const deltas = starts + 2 * segments;
    const rangeOffsets = deltas + 2 * segments;
    return (codePoint) => {
      if (codePoint > 0xffff) return 0;
      for (let s = 0; s < segments; s++) {
        if (codePoint > font.readUInt16BE(ends + 2 * s)) continue;
        const start = font.readUInt16BE(starts + 2 * s);
        if (codePoint < start) return 0;
        const delta = font.readInt16BE(deltas + 2 * s);
        const rangeOffsetAt = rangeOffsets + 2 * s;
        const rangeOffset = font.readUInt16BE(rangeOffsetAt);
        if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
        const glyph = font.readUInt16BE(rangeOffsetAt + rangeOffset + 2 * (codePoint - start));
        return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
      }
      return 0;
    };
  }

  throw new Error('font has no Unicode cmap subtable of format 4 or 12');
}

/** Parses the `head`, `hhea`, `hmtx` and `cmap` tables of a TrueType font. */
export function createFontMetrics(font: Buffer): FontMetrics {
  const tables = readTables(font);
  const unitsPerEm = font.readUInt16BE(requireTable(tables, 'head').offset + 18);
  const longMetrics = font.readUInt16BE(requireTable(tables, 'hhea').offset + 34);
  const hmtx = requireTable(tables, 'hmtx').offset;
  const glyphOf = readCmap(font, requireTable(tables, 'cmap'));

  const advanceOf = (glyph: number): number => font.readUInt16BE(hmtx + 4 * Math.min(glyph, longMetrics - 1));

  const cache = new Map<number, number>();
  return {
    unitsPerEm,
    covers: (codePoint) => glyphOf(codePoint) !== 0,
    measure(text, fontSize) {
      let units = 0;
      for (const char of text) {
        const codePoint = char.codePointAt(0) ?? 0;
        let advance = cache.get(codePoint);
        if (advance === undefined) {
          advance = advanceOf(glyphOf(codePoint));
          cache.set(codePoint, advance);
        }
        units += advance;
      }
      return (units * fontSize) / unitsPerEm;
    },
  };
}
