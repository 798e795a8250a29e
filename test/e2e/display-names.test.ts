/**
 * Names other people see, end to end: the built bundle in the simulated FXServer against the real mock, a player
 * whose name carries markdown, a link, a zero-width space and chat style codes (all accepted by the API).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createE2e, type E2e } from '../../devkit/worlds/e2e-harness';

let world: E2e | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

const NAME = '[Free](https://evil.example) ^*Ste\u200bve';
const BANK = { type: 'bank', amount: 10 };

describe('a hostile player name', () => {
  it('posts to Discord as plain text and shows cleaned in other players’ /votetop', async () => {
    const w = await createE2e({
      framework: 'esx',
      config: {
        claimCooldownSeconds: 0,
        poll: { enabled: false },
        reward: BANK,
        topVoters: { enabled: true, awards: [{ rank: 1, reward: BANK }] },
        discord: { enabled: true },
      },
      discordWebhook: true,
    });
    world = w;
    const player = await w.join(NAME);
    const other = await w.join('Viewer');
    await w.vote(NAME);
    w.type(player, '/vote');
    await w.until(() => w.ledger().length > 0);
    await w.advance(5000);

    const posted = (await w.discordMessages()).map((message) => message.content);
    expect(posted).toEqual([
      '\\[Free\\]\\(https\\:\\/\\/evil\\.example\\) Steve voted for the server (1 vote(s) from them this month).',
    ]);
    const heard = w.messages(other).length;
    w.type(other, '/votetop');
    await w.until(() => w.messages(other).length > heard);
    await w.advance(500);
    expect(w.messages(other).slice(heard).join('\n')).toContain(
      '#1 [Free](https://evil.example) Steve: 1 vote(s)',
    );
  });
});
