/** One benchmark target: a limit, checked against a measured value. */
export interface TargetResult {
  /** What is measured, e.g. `/vote/check ≥ 0.5 × bare Hono`. */
  name: string;
  /** The measured value, or null when it could not be measured. */
  value: number | null;
  /** The bound the value must respect. */
  limit: number;
  /** Direction of the bound. */
  op: '>=' | '<=';
  /** Unit printed after value and limit (e.g. `ms`, `×`). */
  unit: string;
  /** Why the value is missing, when it is. */
  note?: string;
}

/** Output of one benchmark section. */
export interface SectionResult {
  /** Section heading in BENCHMARKS.md. */
  title: string;
  /** Markdown body: tables and notes, without the heading. */
  markdown: string;
  /** Targets this section checks. */
  targets: TargetResult[];
  /** Raw figures kept in the run record (`bench/runs/*.json`) beside the verdicts, under the section's own keys. */
  raw?: Record<string, unknown>;
}

/** True when a measured target respects its bound. */
export function targetMet(target: TargetResult): boolean {
  if (target.value === null) return false;
  return target.op === '>=' ? target.value >= target.limit : target.value <= target.limit;
}

/** Formats a number with a precision that suits its magnitude. */
export function fmt(value: number, digits?: number): string {
  if (!Number.isFinite(value)) return String(value);
  const d = digits ?? (Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2);
  return value.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
}

/** One line per target: `✓`/`✗`, name, measured value and bound. */
export function formatTarget(target: TargetResult): string {
  const mark = targetMet(target) ? '✓' : '✗';
  const measured =
    target.value === null
      ? `not measured (${target.note ?? 'unavailable'})`
      : `${fmt(target.value)} ${target.unit}`;
  const bound = `${target.op === '>=' ? '≥' : '≤'} ${fmt(target.limit)} ${target.unit}`;
  return `${mark} ${target.name}: ${measured} (target ${bound})`;
}

/** A GitHub-flavoured markdown table. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Prints a section's targets to stdout. */
export function printSection(section: SectionResult): void {
  console.log(`\n## ${section.title}\n`);
  console.log(section.markdown);
  if (section.targets.length > 0) {
    console.log('');
    for (const target of section.targets) console.log(formatTarget(target));
  }
}
