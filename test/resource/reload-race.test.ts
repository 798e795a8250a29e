/**
 * `votereward reload` while a claim is still in flight: the old claim flow goes on with its step, the new one starts
 * reconciling the same journal. Each claim must still be paid once. The real resource over the fake runtime, the
 * real mock behind `fetch`.
 */
import { describe, expect, it } from 'vitest';
import { createMockVoteApi } from '../../devkit/fakes/mock-transport';
import { createFakeRuntime, type FakeRuntime } from '../../devkit/fakes/runtime';
import { createResource } from '../../src/resource';

const CONFIG = {
  apiUrl: 'https://votes.example',
  framework: 'standalone',
  reward: { type: 'custom', event: 'x:paid' },
  poll: { enabled: false },
  milestones: [{ every: 1, reward: { type: 'custom', event: 'x:milestone' } }],
};

/** The resource over the mock; the claim's answer waits for `releaseClaimAnswer()` once `holdClaimAnswer()` ran. */
const setup = () => {
  const runtime = createFakeRuntime();
  const api = createMockVoteApi({ now: runtime.now, checkMode: 'unclaimed' });
  runtime.convars.set('vote_reward_api_key', api.apiKey);
  runtime.files.set('config.json', JSON.stringify(CONFIG));
  let gate: Promise<void> | null = null;
  let open = () => {};
  runtime.fetch = async (input, init) => {
    const answer = await api.request({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: String(input),
      headers: init?.headers as Record<string, string>,
      body: init?.body as string | undefined,
      timeoutMs: 5000,
    });
    // The claim reached the API and was made; only its answer is late.
    if (String(input).endsWith('/vote/claim') && gate) await gate;
    return new Response(answer.status === 204 ? null : answer.body, {
      status: answer.status,
      headers: answer.headers,
    });
  };
  return {
    runtime,
    api,
    resource: createResource(runtime),
    holdClaimAnswer() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    releaseClaimAnswer() {
      gate = null;
      open();
    },
  };
};

const admin = async (runtime: FakeRuntime, line: string) => {
  runtime.commands.get('votereward')?.handler(0, line.split(' '), `votereward ${line}`);
  await runtime.clock.settle();
};
const paid = (runtime: FakeRuntime, event: string) => runtime.emitted.filter((e) => e.event === event).length;

describe('votereward reload while a claim is in flight', () => {
  it.each([
    ['the reload waits for it', 0],
    ['it outlasts the wait (its player stays locked)', 60_000],
  ])('pays the vote and its milestone once and counts the vote once: %s', async (_label, late) => {
    const { runtime, api, resource, holdClaimAnswer, releaseClaimAnswer } = setup();
    await resource.start();
    await runtime.clock.settle();
    runtime.join(1, { name: 'Ana', license: 'license:a' });
    api.addVote('Ana', runtime.now());
    holdClaimAnswer();
    runtime.commands.get('vote')?.handler(1, [], 'vote');
    await runtime.clock.settle();
    // The claim was made on the API; its answer has not come back when the admin reloads.
    await admin(runtime, 'reload');
    await runtime.clock.advance(late);
    releaseClaimAnswer();
    await runtime.clock.settle();
    await runtime.clock.advance(60_000);
    expect(paid(runtime, 'x:paid')).toBe(1);
    expect(paid(runtime, 'x:milestone')).toBe(1);
    const history = JSON.parse(runtime.kvp.get('history:license:a') ?? 'null') as { total: number };
    expect(history.total).toBe(1);
    expect(runtime.kvp.keys('claim:')).toEqual([]);
    // The reloaded resource counts on from the vote the old one recorded.
    api.addVote('Ana', runtime.now());
    runtime.commands.get('vote')?.handler(1, [], 'vote');
    await runtime.clock.settle();
    expect(paid(runtime, 'x:paid')).toBe(2);
    expect(paid(runtime, 'x:milestone')).toBe(2);
    const after = JSON.parse(runtime.kvp.get('history:license:a') ?? 'null') as { total: number };
    expect(after.total).toBe(2);
    expect(resource.isReady()).toBe(true);
  });
});
