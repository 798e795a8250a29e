import { MULTIPLE, SINGLE_RUNS } from './case-folding-table';

/** Code point → what it folds to: Unicode full case folding (CaseFolding.txt statuses C and F). */
/**
 * Case folding of every non-ASCII letter, built from the packed table on the first name that needs it: most names
 * are ASCII (folded by `toLowerCase` alone), so a start does not pay for the table (about 2 ms of a cold start).
 */
let folding: Map<number, string> | null = null;

function foldingTable(): Map<number, string> {
  if (folding !== null) return folding;
  const table = new Map<number, string>();
  for (const run of SINGLE_RUNS.split(',')) {
    const [start = 0, count = 0, stride = 0, delta = 0] = run.split('.').map((n) => Number.parseInt(n, 36));
    for (let k = 0; k < count; k += 1) {
      const cp = start + k * stride;
      table.set(cp, String.fromCodePoint(cp + delta));
    }
  }
  for (const entry of MULTIPLE.split(',')) {
    const [from = '', to = ''] = entry.split(':');
    table.set(
      Number.parseInt(from, 36),
      String.fromCodePoint(...to.split('.').map((n) => Number.parseInt(n, 36))),
    );
  }
  // Dotless ı has no case folding of its own; the API matches it to i, as an upper-then-lower round trip does.
  table.set(0x131, 'i');
  folding = table;
  return table;
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** Full case folding of `text`, plus ı → i. */
export function foldCase(text: string): string {
  let out = '';
  const table = foldingTable();
  for (const char of text) out += table.get(char.codePointAt(0) as number) ?? char;
  return out;
}

/**
 * The API's name matching key: the Unicode compatibility caseless form NFKC(fold(NFKC(fold(NFD(name))))), trimmed,
 * so `Straße` = `STRASSE` = `STRAẞE`, `Ivan` = `ıvan`, `Σίσυφος` = `ΣΊΣΥΦΟΣ` = `Σίσυφοσ`, `ﬁ` = `fi`, `Ｐ` = `p`.
 * The resource and the mock both match names with this one function.
 */
export function nameKey(name: string): string {
  // Plain ASCII (nearly every name) is already in every normal form, and its only case folding is A-Z → a-z.
  if (isAscii(name)) return name.toLowerCase().trim();
  return foldCase(foldCase(name.normalize('NFD')).normalize('NFKC'))
    .normalize('NFKC')
    .trim();
}
