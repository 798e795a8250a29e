import { describe, expect, it } from 'vitest';
import { roundRobinQueue } from '../../bench/poller/index';

describe('roundRobinQueue (the rotation a first-time voter waits for)', () => {
  it("reads the round-robin count of the status's Queues line, not the players online", () => {
    const status = [
      'Polling    running, one check every 1.3 s',
      'Queues     2048 players: 0 link-shown, 0 joining, 13 returning, 883 round-robin, 1152 cooling down, 0 skipped',
    ];
    expect(roundRobinQueue(status)).toBe(883);
  });

  it('is null when the status has no Queues line', () => {
    expect(roundRobinQueue(['Polling    off'])).toBeNull();
  });
});
