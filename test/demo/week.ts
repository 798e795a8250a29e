/**
 * `npm run demo:week`: one player's week with vote points and the vote shop. The built resource runs in the simulated
 * FXServer (ESX) against the real mock over loopback, on a virtual clock moved day by day into the next week. Every
 * line comes from the running pieces: what Steve typed and read, what ESX and the server's own shop script paid,
 * what reached the mock's Discord webhook sink, and what an admin reads in the console.
 */
import { fileURLToPath } from 'node:url';
import { createE2e, type E2ePlayer } from '../../devkit/worlds/e2e-harness';

/** The worked config.json of the demo (the mock's URL and vote page are filled in by the harness). */
export const WEEK_CONFIG = {
  timeZone: 'UTC',
  reward: { type: 'money', amount: 200 },
  points: { perVote: 20, cap: 1000 },
  milestones: [{ at: 3, reward: { type: 'points', amount: 50 } }],
  shop: {
    enabled: true,
    discord: true,
    items: [
      {
        id: 'vip7',
        name: 'VIP for 7 days',
        cost: 100,
        rewards: { type: 'custom', command: 'vote_gift {source}' },
        limit: { count: 1, reset: 'weekly' },
        confirm: true,
      },
      {
        id: 'bread',
        name: 'Bread x5',
        cost: 15,
        rewards: { type: 'item', item: 'bread', count: 5 },
        limit: { count: 2, reset: 'weekly' },
      },
      { id: 'lockpick', name: 'Lockpick', cost: 30, rewards: { type: 'item', item: 'lockpick', count: 1 } },
    ],
  },
  discord: { enabled: true, vote: false, batchSeconds: 2 },
  poll: { enabled: false },
};

/** Writes the transcript of one player's week, line by line. */
export async function runWeekDemo(write: (line: string) => void): Promise<void> {
  const w = await createE2e({ framework: 'esx', config: WEEK_CONFIG, discordWebhook: true });
  const seen = { ledger: 0, discord: 0, chat: 0 };
  const row = (label: string, text: string) => write(`  ${label.padEnd(16)}│ ${text}`);
  let steve: E2ePlayer | null = null;

  /** Prints what happened since the last call: chat, payouts and Discord posts. */
  const flush = async () => {
    if (steve) {
      const chat = w.messages(steve);
      for (const text of chat.slice(seen.chat)) row('Steve reads', text);
      seen.chat = chat.length;
    }
    const ledger = w.ledger();
    for (const entry of ledger.slice(seen.ledger)) {
      if (entry.framework === 'shop') row('VIP script', `ran vote_gift for player #${entry.player}`);
      else
        row(
          'ESX paid',
          entry.kind === 'item' ? `${entry.amount} x ${entry.name}` : `${entry.amount}$ ${entry.name}`,
        );
    }
    seen.ledger = ledger.length;
    const posted = await w.discordMessages();
    for (const message of posted.slice(seen.discord)) {
      for (const line of message.content.split('\n')) row('Discord', line);
    }
    seen.discord = posted.length;
  };
  const type = async (line: string) => {
    if (!steve) return;
    row('Steve types', line);
    w.type(steve, line);
    await w.advance(6000);
    await flush();
  };
  const voteAndClaim = async () => {
    if (!steve) return;
    await w.vote(steve.name);
    row('Steve', 'votes on the site');
    await type('/vote');
    await w.advance(11_000);
  };
  const admin = async (line: string) => {
    const from = w.output().length;
    w.console(line);
    await w.advance(300);
    write(`  ${'admin console'.padEnd(16)}│ > ${line}`);
    for (const text of w.output().slice(from)) write(`  ${''.padEnd(16)}│   ${text}`);
  };
  const day = (what: string) => {
    const now = new Date(w.now());
    const date = now.toLocaleDateString('en-GB', {
      timeZone: 'UTC',
      weekday: 'short',
      day: 'numeric',
      month: 'long',
    });
    const title = `${date}, ${now.toISOString().slice(11, 16)} UTC: ${what}`;
    write('');
    write(`── ${title} ${'─'.repeat(Math.max(3, 90 - title.length))}`);
  };
  const nextDay = async (hour = 18) => {
    const now = new Date(w.now());
    const at = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, hour);
    await w.jump(at - w.now(), 30 * 60_000);
    await flush();
  };

  try {
    write('vote-reward: one player’s week of vote points and the vote shop');
    write('(dist/server.js in a simulated FXServer with ESX ↔ the mock on loopback)');
    write('');
    write('config.json (besides apiUrl, voteUrl):');
    for (const line of JSON.stringify(WEEK_CONFIG, null, 2).split('\n')) write(`  ${line}`);
    await w.advance(2000);

    day('Steve’s first vote earns points');
    steve = await w.join('Steve', { license: 'license:5b1e7ed2c0ffee' });
    row('Steve', 'joins the server');
    await w.advance(6000);
    await voteAndClaim();
    await type('/votepoints');
    await type('/voteshop');

    await nextDay();
    day('a second vote, a first purchase');
    await voteAndClaim();
    await type('/voteshop buy Bread');

    await nextDay();
    day('the 3rd vote: a milestone gives 50 points; the weekly limit of bread');
    await voteAndClaim();
    await type('/voteshop buy bread');
    await type('/voteshop buy bread');
    await type('/votepoints');

    await nextDay();
    day('VIP for 7 days, a typo, then with confirm');
    await voteAndClaim();
    await type('/voteshop buy vip');
    await type('/voteshop buy vip7');
    await type('/voteshop buy vip7 confirm');

    await nextDay();
    day('an event prize from an admin; the framework refuses an item, the points come back');
    await voteAndClaim();
    await admin('votereward points Steve +30 won the race');
    w.server.payoutHook = (entry) => (entry.name === 'lockpick' ? 'fail' : undefined);
    await type('/voteshop buy lockpick');
    w.server.payoutHook = null;
    await type('/votepoints');

    await nextDay();
    day('the weekend');
    await voteAndClaim();
    await nextDay();
    await voteAndClaim();

    await nextDay(10);
    day('a new week: the bread limit has reset');
    await type('/voteshop');
    await type('/voteshop buy bread');
    await admin('votereward player Steve');
    await admin('votereward points Steve');

    write('');
    const bought = w.ledger().filter((entry) => entry.kind === 'item' || entry.framework === 'shop');
    write(
      `Steve’s week: ${w.votes('Steve').length} votes claimed; ${bought.length} purchase(s) delivered, one refused and refunded; the webhook received ${seen.discord} message(s).`,
    );
  } finally {
    await w.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runWeekDemo((line) => process.stdout.write(`${line}\n`)).catch((error: unknown) => {
    process.stderr.write(
      `demo failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
