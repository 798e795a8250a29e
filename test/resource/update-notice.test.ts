/**
 * The start-up update notice: one request for the latest release, after the resource runs, one line when it is newer,
 * silence otherwise, nothing at all with the convar off, and a start that never waits for it.
 */
import { describe, expect, it } from 'vitest';
import { fetchThrough } from '../../devkit/fakes/mock-transport';
import { startResourceWorld } from '../../devkit/worlds/resource-world';
import { isNewer, LATEST_RELEASE_URL, UPDATE_CHECK_CONVAR } from '../../src/update-notice';

const pkg = (await import('../../package.json', { with: { type: 'json' } })).default as {
  repository: { url: string };
};

/** The resource at `version`, with GitHub answering `answer` (or never, with null); what it printed and asked. */
async function start(version: string, answer: { status: number; body: string } | null, convar?: string) {
  const asked: string[] = [];
  const world = await startResourceWorld({
    version,
    before: (runtime, api) => {
      if (convar !== undefined) runtime.convars.set(UPDATE_CHECK_CONVAR, convar);
      const site = fetchThrough(api);
      runtime.fetch = async (input, init) => {
        const url = String(input);
        if (!url.startsWith('https://votes.example')) {
          asked.push(`${init?.method ?? 'GET'} ${url}`);
          if (answer === null) return new Promise<Response>(() => undefined);
          return new Response(answer.body, { status: answer.status });
        }
        return site(input, init);
      };
    },
  });
  await world.runtime.clock.settle();
  const notices = world.runtime.logs.map((l) => l.message).filter((m) => m.includes('is out'));
  return { ...world, asked, notices };
}

const release = (tag: string) => ({ status: 200, body: JSON.stringify({ tag_name: tag, draft: false }) });

describe('the start-up update notice', () => {
  it('asks GitHub for the latest release once and prints one line when it is newer', async () => {
    const { asked, notices } = await start('0.4.0', release('v0.5.0'));
    expect(asked).toEqual([`GET ${LATEST_RELEASE_URL}`]);
    expect(notices).toEqual([
      'vote-reward: version 0.5.0 is out (this server runs 0.4.0): https://github.com/vote-reward/vote-reward/releases/latest (set vote_reward_update_check "false" in server.cfg to stop this check)',
    ]);
    const repository = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
    expect(LATEST_RELEASE_URL).toBe(
      `${repository.replace('https://github.com/', 'https://api.github.com/repos/')}/releases/latest`,
    );
  });

  it.each([
    ['the same version', release('v0.4.0')],
    ['an older one', release('0.3.9')],
    ['a pre-release tag', release('v0.5.0-beta.1')],
    ['no release (404)', { status: 404, body: '{"message":"Not Found"}' }],
    ['an answer that is not JSON', { status: 200, body: '<html>' }],
  ])('says nothing for %s', async (_, answer) => {
    const { asked, notices } = await start('0.4.0', answer);
    expect(asked).toHaveLength(1);
    expect(notices).toEqual([]);
  });

  it.each(['false', '0', 'off', 'NO'])('with %s in the convar sends no request at all', async (value) => {
    const { asked, notices } = await start('0.4.0', release('v9.0.0'), value);
    expect(asked).toEqual([]);
    expect(notices).toEqual([]);
  });

  it('never holds the start: GitHub not answering leaves /vote working', async () => {
    const { runtime, api, asked } = await start('0.4.0', null);
    expect(asked).toHaveLength(1);
    runtime.join(1, { name: 'Ana', license: 'license:a' });
    api.addVote('Ana', runtime.now());
    runtime.commands.get('vote')?.handler(1, [], 'vote');
    await runtime.clock.settle();
    expect(runtime.emitted.filter((e) => e.event === 'x:paid')).toHaveLength(1);
  });

  it('does not ask from a build without a release version (dev) and ask again on votereward reload', async () => {
    const dev = await start('dev', release('v9.0.0'));
    expect(dev.asked).toEqual([]);
    const { runtime, asked } = await start('0.4.0', release('v0.4.0'));
    runtime.commands.get('votereward')?.handler(0, ['reload'], 'votereward reload');
    await runtime.clock.settle();
    expect(asked).toHaveLength(1);
  });

  it('compares versions as numbers', () => {
    expect(isNewer('0.4.0', '0.10.0')).toBe(true);
    expect(isNewer('1.2.3', 'v1.2.4')).toBe(true);
    expect(isNewer('1.2.3', '1.2.3')).toBe(false);
    expect(isNewer('2.0.0', '1.9.9')).toBe(false);
    expect(isNewer('dev', '1.0.0')).toBe(false);
  });
});
