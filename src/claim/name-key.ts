import { caseFold } from 'unicode-case-folding';

/** Dotless ı has no case folding of its own; the API matches it to i, as an upper-then-lower round trip does. */
const DOTLESS_I = /[\u0131]/g;

/** Unicode full case folding (CaseFolding.txt statuses C and F), plus ı → i. */
function fold(text: string): string {
  return caseFold(text).replace(DOTLESS_I, 'i');
}

/**
 * The API's name matching key: the Unicode compatibility caseless form NFKC(fold(NFKC(fold(NFD(name))))), trimmed,
 * so `Straße` = `STRASSE` = `STRAẞE`, `Ivan` = `ıvan`, `Σίσυφος` = `ΣΊΣΥΦΟΣ` = `Σίσυφοσ`, `ﬁ` = `fi`, `Ｐ` = `p`.
 * The resource and the mock both match names with this one function.
 */
export function nameKey(name: string): string {
  return fold(fold(name.normalize('NFD')).normalize('NFKC'))
    .normalize('NFKC')
    .trim();
}
