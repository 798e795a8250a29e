import { describe } from 'vitest';
import { redmFrameworkTest } from './redm-frameworks';

describe('VORP (RedM) end to end', () => {
  redmFrameworkTest('vorp', {
    reward: [{ type: 'money', amount: 500 }, ['vorp_core', 'money', 'money', 500]],
    firstVote: [{ type: 'money', amount: 1000 }, ['vorp_core', 'money', 'money', 1000]],
    milestone: [{ type: 'item', item: 'bread', count: 2 }, ['vorp_inventory', 'item', 'bread', 2]],
    party: [{ type: 'money', amount: 75 }, ['vorp_core', 'money', 'money', 75]],
    startupNotes: ['VORP finds players by their Steam identifier'],
  });
});
