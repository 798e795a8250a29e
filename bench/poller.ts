import { existsSync } from 'node:fs';
import { isMain } from './lib/main';
import { printSection, type SectionResult } from './lib/report';
import { type BenchSettings, readBenchSettings } from './lib/settings';

const pollerEntry = new URL('./poller/index.ts', import.meta.url);

/** Section 5: runs engineer E's poller simulation (`runPollerBench` from bench/poller/index.ts). */
export async function runPollerSection(
  settings: BenchSettings = readBenchSettings(),
): Promise<SectionResult> {
  if (!existsSync(pollerEntry)) {
    return {
      title: '5. Poller simulation',
      markdown: 'Not run: `bench/poller/index.ts` (engineer E) does not exist in this checkout.',
      targets: [],
    };
  }
  const module = (await import(pollerEntry.href)) as {
    runPollerBench(options: {
      quick: boolean;
      full: boolean;
    }): Promise<SectionResult | { markdown: string; targets?: SectionResult['targets'] }>;
  };
  const result = await module.runPollerBench({ quick: settings.quick, full: settings.full });
  return { title: '5. Poller simulation', markdown: result.markdown, targets: result.targets ?? [] };
}

if (isMain(import.meta.url)) printSection(await runPollerSection());
