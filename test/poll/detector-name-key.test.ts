import { describe, expect, it } from 'vitest';
import { createPollHarness } from '../../devkit/worlds/poll-harness';
import { REWARDED_EVENT } from '../../src/claim/claim-flow';

const MIN = 60_000;

describe('the poller keys claims by the API matching name', () => {
  it('does not announce to STRASSE a vote Straße already claimed (last24h mode reports it again)', async () => {
    const h = createPollHarness({ checkMode: 'last24h', detector: { minRecheckMs: 0 } });
    h.runtime.join(1, { name: 'Straße', license: 'license:1' });
    h.runtime.join(2, { name: 'STRASSE', license: 'license:2' });
    h.vote('Straße');
    await h.runtime.clock.advance(MIN);
    expect(await h.claim('Straße')).toMatchObject({ claimed: true });
    h.detector.start();
    h.runtime.dispatch(REWARDED_EVENT, 1, { vote_id: 'x', username: 'Straße', rewards: [] });
    await h.runtime.clock.advance(10 * MIN);

    expect(h.mock.store.votes.findCheck('last24h', h.mock.server.id, { username: 'STRASSE' })).not.toBeNull();
    // STRASSE was checked (Straße, who claimed, cools down) and the site answered with the claimed vote.
    expect(h.sends.filter((s) => s.path === '/api/v1/vote/check' && s.status === 200).length).toBeGreaterThan(
      0,
    );
    expect(h.runtime.told).toEqual([]);
    h.detector.stop();
  });
});
