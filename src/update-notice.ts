/**
 * The start-up update notice: once per start, after the resource is running, one request for the project's latest
 * release on GitHub (`/releases/latest`, which leaves out drafts and pre-releases). A newer version than the one
 * running prints one console line with the download page; anything else (the same version, no answer, an answer that
 * is not a release) prints nothing. It never delays the start and never throws; `set vote_reward_update_check
 * "false"` in server.cfg turns it off (no request at all). This is the resource's only request to anything but the
 * listing sites and the Discord webhook.
 */
import type { HttpTransport } from './api/transport';

/** The convar that turns the check off (`false`, `0`, `off` or `no`). */
export const UPDATE_CHECK_CONVAR = 'vote_reward_update_check';

/** The project on GitHub (package.json's `repository`). */
export const REPOSITORY = 'vote-reward/vote-reward';

/** GitHub's answer for the latest release of the project. */
export const LATEST_RELEASE_URL = `https://api.github.com/repos/${REPOSITORY}/releases/latest`;

/** The page owners download from. */
export const RELEASES_PAGE = `https://github.com/${REPOSITORY}/releases/latest`;

const OFF = new Set(['false', '0', 'off', 'no']);

/** `1.2.3` (an optional `v` before it) as numbers; null for anything else, pre-releases included. */
function parseVersion(text: string): [number, number, number] | null {
  const match = /^v?(\d{1,6})\.(\d{1,6})\.(\d{1,6})$/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** True when `latest` is a release version above `current` (never for a `dev` build or a pre-release). */
export function isNewer(current: string, latest: string): boolean {
  const a = parseVersion(current);
  const b = parseVersion(latest);
  if (!a || !b) return false;
  for (let i = 0; i < 3; i += 1) if (b[i] !== a[i]) return (b[i] as number) > (a[i] as number);
  return false;
}

/** What the check needs. */
export interface UpdateNoticeDeps {
  transport: HttpTransport;
  convar(name: string): string | null;
  log: { info(message: string): void };
  /** The running version (package.json's). */
  version: string;
  timeoutMs: number;
}

/** Runs the check once; resolves when it is over (callers do not wait for it). Never rejects. */
export async function checkForUpdate(deps: UpdateNoticeDeps): Promise<void> {
  try {
    const setting = deps.convar(UPDATE_CHECK_CONVAR)?.trim().toLowerCase();
    if (setting !== undefined && OFF.has(setting)) return;
    if (!parseVersion(deps.version)) return;
    const response = await deps.transport.request({
      method: 'GET',
      url: LATEST_RELEASE_URL,
      headers: {
        accept: 'application/vnd.github+json',
        'user-agent': `vote-reward/${deps.version}`,
      },
      timeoutMs: deps.timeoutMs,
    });
    if (response.status !== 200 || response.body === null) return;
    const tag = (JSON.parse(response.body) as { tag_name?: unknown } | null)?.tag_name;
    if (typeof tag !== 'string' || !isNewer(deps.version, tag)) return;
    const latest = tag.replace(/^v/, '');
    deps.log.info(
      `version ${latest} is out (this server runs ${deps.version}): ${RELEASES_PAGE} (set ${UPDATE_CHECK_CONVAR} "false" in server.cfg to stop this check)`,
    );
  } catch {
    // No answer, a malformed one: the check says nothing; the resource runs the same.
  }
}

/** The check of a resource start: the first call runs it (nothing waits for it); later calls (reloads) do nothing. */
export function createUpdateCheck(
  deps: Omit<UpdateNoticeDeps, 'transport' | 'timeoutMs'>,
): (transport: HttpTransport, timeoutMs: number) => void {
  let done = false;
  return (transport, timeoutMs) => {
    if (done) return;
    done = true;
    void checkForUpdate({ ...deps, transport, timeoutMs });
  };
}
