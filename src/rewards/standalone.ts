/**
 * Standalone: no framework, so only custom rewards (console command and/or event). A connected player counts as
 * ready, since there is no character to wait for.
 */
import { createAdapter } from './base';
import type { DisposableRewardAdapter, FrameworkHost } from './types';

/** Options of the standalone adapter. */
export interface StandaloneAdapterOptions {
  host: FrameworkHost;
}

/** Creates the standalone adapter (custom rewards only). */
export function createStandaloneAdapter(options: StandaloneAdapterOptions): DisposableRewardAdapter {
  return createAdapter({ name: 'standalone', host: options.host, isPlayerReady: async () => true });
}
