import { describe } from 'vitest';
import { redmFrameworkTest } from './redm-frameworks';

describe('RSG (RedM) end to end', () => {
  redmFrameworkTest('rsg', {
    config: { rsg: { bank: 'valbank' } },
    reward: [{ type: 'money', amount: 500 }, ['rsg-core', 'money', 'cash', 500]],
    firstVote: [{ type: 'bank', amount: 1000 }, ['rsg-core', 'valbank', 'valbank', 1000]],
    milestone: [{ type: 'item', item: 'bread', count: 2 }, ['rsg-inventory', 'item', 'bread', 2]],
    party: [{ type: 'bank', amount: 75 }, ['rsg-core', 'valbank', 'valbank', 75]],
  });
});
