/**
 * "Did you mean": the one valid value or setting name an owner most likely meant when config.json holds a near miss
 * (`"ESX"`, `"de-DE"`, `milestone`, `evry`).
 */

/** Lower case without separators, so `qb-core`, `QB_Core` and `qbcore` compare equal. */
const loose = (text: string): string => text.toLowerCase().replace(/[\s_.-]/g, '');

/** The language part of a locale-like code (`de-DE` → `de`, `pt-BR` → `pt`, `de` → `de`), else null. */
const languageOf = (text: string): string | null =>
  /^([a-z]{2,3})(?:[-_][a-z0-9]{2,4})?$/i.exec(text)?.[1]?.toLowerCase() ?? null;

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of two neighbours. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j += 1) (rows[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    const row = rows[i] as number[];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const above = rows[i - 1] as number[];
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = best;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/**
 * The candidate `input` most likely meant, or null when none is close enough or two are equally close. Tried in
 * order: the same word in another case or spelling of separators; an alias (`qb` → `qbcore`); a candidate that is
 * the input's language part (`de-DE` → `de`); the one candidate the input begins, cut short by
 * at most a third (`week` → `weekly`); one typo per
 * four letters (`evry` → `every`).
 */
export function didYouMean(
  input: string,
  candidates: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): string | null {
  const wanted = loose(input);
  if (wanted === '') return null;
  const unique = (found: readonly string[]) => (new Set(found).size === 1 ? (found[0] ?? null) : null);
  const same = unique(candidates.filter((candidate) => loose(candidate) === wanted));
  if (same) return same;
  const alias = Object.entries(aliases).find(([name]) => loose(name) === wanted)?.[1];
  if (alias && candidates.includes(alias)) return alias;
  const language = unique(candidates.filter((candidate) => languageOf(candidate) === languageOf(input)));
  if (language && languageOf(input) !== null) return language;
  // A word cut short (`week` → `weekly`, `month` → `monthly`): the one candidate it begins, of which it holds at
  // least two thirds (`grace` is too little of `graceDays`).
  const started = unique(
    candidates.filter((candidate) => {
      const full = loose(candidate);
      return full.startsWith(wanted) && wanted.length * 3 >= full.length * 2;
    }),
  );
  if (started) return started;
  const limit = Math.max(1, Math.floor(wanted.length / 4));
  let best: string[] = [];
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    const distance = editDistance(wanted, loose(candidate));
    if (distance > limit) continue;
    if (distance < bestDistance) [best, bestDistance] = [[candidate], distance];
    else if (distance === bestDistance) best.push(candidate);
  }
  return unique(best);
}

/** ` (did you mean "x"?)` for a near miss, else `fallback`. */
export function suggestion(
  input: unknown,
  candidates: readonly string[],
  fallback = '',
  aliases?: Readonly<Record<string, string>>,
): string {
  const match = typeof input === 'string' ? didYouMean(input, candidates, aliases) : null;
  return match === null || match === input ? fallback : `; did you mean ${JSON.stringify(match)}?`;
}
