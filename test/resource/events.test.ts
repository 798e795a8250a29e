import { describe, expect, it } from 'vitest';
import { createFakeRuntime } from '../../devkit/fakes/runtime';
import { createPollHarness } from '../../devkit/worlds/poll-harness';
import { announceRewardsOnFiveM, createEventChannel, REWARDED_EVENT } from '../../src/domain/events';
import { nameKey } from '../../src/engine/player-name';
import { LAST_CLAIM_KVP_PREFIX } from '../../src/poll/detector';

describe('event channel', () => {
  it('delivers each event to its listeners in order, and no longer after unsubscribing', () => {
    const events = createEventChannel();
    const heard: string[] = [];
    const off = events.on('linkShown', ({ source }) => heard.push(`a${source}`));
    events.on('linkShown', ({ source }) => heard.push(`b${source}`));
    events.on('voteDetected', ({ name }) => heard.push(name));
    events.emit('linkShown', { source: 1 });
    off();
    events.emit('linkShown', { source: 2 });
    events.emit('voteDetected', { source: 3, name: 'Ana', votedAt: null });
    expect(heard).toEqual(['a1', 'b1', 'b2', 'Ana']);
  });

  it('a listener that throws is reported and the others still hear the event', () => {
    const failures: [string, string][] = [];
    const events = createEventChannel((name, error) => failures.push([String(name), String(error)]));
    const heard: number[] = [];
    events.on('linkShown', () => {
      throw new Error('boom');
    });
    events.on('linkShown', ({ source }) => heard.push(source));
    expect(() => events.emit('linkShown', { source: 5 })).not.toThrow();
    expect(heard).toEqual([5]);
    expect(failures).toEqual([['linkShown', 'Error: boom']]);
  });

  it('publishes rewarded as the FiveM event vote-reward:rewarded with its documented payload', () => {
    const runtime = createFakeRuntime();
    const events = createEventChannel();
    const off = announceRewardsOnFiveM(events, runtime);
    const rewards = [{ type: 'money' as const, amount: 5 }];
    events.emit('rewarded', { source: 2, name: 'Ana', license: 'license:a', voteId: 'v1', rewards });
    off();
    events.emit('rewarded', { source: 3, name: 'Bo', license: 'license:b', voteId: 'v2', rewards });
    expect(runtime.emitted).toEqual([
      { event: REWARDED_EVENT, args: [2, { vote_id: 'v1', username: 'Ana', rewards }] },
    ]);
  });
});

describe('the poller as a listener of the channel', () => {
  it('remembers a claim heard on the channel, and ignores the FiveM event when it has a channel', async () => {
    const events = createEventChannel();
    const h = createPollHarness({ detector: { events } });
    h.runtime.join(1, { name: 'Ana', license: 'license:1' });
    h.runtime.join(2, { name: 'Bo', license: 'license:2' });
    h.detector.start();
    h.runtime.dispatch(REWARDED_EVENT, 2, { vote_id: 'x', username: 'Bo', rewards: [] });
    events.emit('rewarded', { source: 1, name: 'Ana', license: 'license:1', voteId: 'v', rewards: [] });
    h.detector.stop();
    expect(h.runtime.kvp.keys(LAST_CLAIM_KVP_PREFIX)).toEqual([`${LAST_CLAIM_KVP_PREFIX}${nameKey('Ana')}`]);
  });

  it('announces a vote it found as voteDetected', async () => {
    const events = createEventChannel();
    const found: string[] = [];
    events.on('voteDetected', ({ source, name }) => found.push(`${source}:${name}`));
    const h = createPollHarness({ detector: { events, minRecheckMs: 0 } });
    h.runtime.join(1, { name: 'Ana', license: 'license:1' });
    h.detector.start();
    h.vote('Ana');
    await h.runtime.clock.advance(5 * 60_000);
    h.detector.stop();
    expect(found).toEqual(['1:Ana']);
  });
});
