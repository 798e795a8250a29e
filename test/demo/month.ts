/**
 * `npm run demo:month`: one player's month with every reward program on. The built resource runs in the simulated
 * FXServer (ESX) against the real mock over loopback, on a virtual clock moved day by day and across the month's end.
 * Every line of the transcript comes from the running pieces: what Steve typed and read, what ESX paid, what reached
 * the mock's Discord webhook sink, and what an admin reads with `votereward player Steve`.
 *
 * Chance and choice use the resource's own Math.random: the month is the same story each run, only the draw of the
 * milestone's `oneOf` and the 50 % bonus may differ (the transcript shows what was drawn and paid).
 */
import { fileURLToPath } from 'node:url';
import { createE2e, type E2ePlayer } from '../../devkit/worlds/e2e-harness';

const HOUR = 3_600_000;

/** The worked config.json of the demo (the mock's URL and vote page are filled in by the harness). */
export const MONTH_CONFIG = {
  reward: [
    { type: 'money', amount: 500 },
    { type: 'bank', amount: 250, chance: 50 },
  ],
  firstVote: { reward: { type: 'bank', amount: 1000 } },
  milestones: [
    { at: 5, reward: { type: 'bank', amount: 1500 } },
    {
      every: 3,
      reward: {
        oneOf: [
          { type: 'money', amount: 300, weight: 3 },
          { type: 'bank', amount: 3000, weight: 1 },
        ],
      },
    },
  ],
  streaks: { graceDays: 0, rewards: [{ days: 3, reward: { type: 'bank', amount: 750 } }] },
  voteParty: { enabled: true, every: 10, reward: { type: 'bank', amount: 400 }, announceMinutes: 0 },
  topVoters: {
    enabled: true,
    awards: [
      { rank: 1, reward: { type: 'bank', amount: 5000 } },
      { rank: 2, reward: { type: 'bank', amount: 2500 } },
    ],
  },
  discord: { enabled: true, batchSeconds: 2 },
  poll: { enabled: false },
};

/** Writes the transcript of one player's month, line by line. */
export async function runMonthDemo(write: (line: string) => void): Promise<void> {
  const w = await createE2e({ framework: 'esx', config: MONTH_CONFIG, discordWebhook: true });
  const seen = { ledger: 0, discord: 0, log: 0, chat: new Map<number, number>() };
  const names = new Map<number, string>();
  const row = (label: string, text: string) => write(`  ${label.padEnd(16)}│ ${text}`);

  /** Prints what happened since the last call: chat, payouts, Discord posts and the programs' log lines. */
  const flush = async () => {
    if (seen.log > w.output().length) seen.log = 0;
    for (const line of w.output().slice(seen.log)) {
      if (/vote party: .* reached|top voters of .* decided/.test(line)) row('server log', line);
    }
    seen.log = w.output().length;
    for (const [id, name] of names) {
      if (!w.server.players().includes(id)) continue;
      const chat = w.messages({ id, name, license: '' });
      for (const text of chat.slice(seen.chat.get(id) ?? 0)) row(`${name} reads`, text);
      seen.chat.set(id, chat.length);
    }
    const ledger = w.ledger();
    for (const entry of ledger.slice(seen.ledger)) {
      const what = entry.name === 'money' ? `${entry.amount}$ cash` : `${entry.amount}$ bank`;
      row('ESX paid', `${names.get(entry.player) ?? `#${entry.player}`}: ${what}`);
    }
    seen.ledger = ledger.length;
    const posted = await w.discordMessages();
    for (const message of posted.slice(seen.discord)) {
      for (const line of message.content.split('\n')) row('Discord', line);
    }
    seen.discord = posted.length;
  };

  const join = async (name: string, license?: string) => {
    const player = await w.join(name, license ? { license } : {});
    names.set(player.id, name);
    seen.chat.set(player.id, 0);
    row(name, 'joins the server');
    return player;
  };
  const drop = (player: E2ePlayer) => {
    w.drop(player);
    names.delete(player.id);
    row(player.name, 'leaves');
  };
  const type = async (player: E2ePlayer, line: string) => {
    row(`${player.name} types`, line);
    w.type(player, line);
    await w.advance(4000);
    await flush();
  };
  /** The player votes on the site, then claims in game. */
  const voteAndClaim = async (player: E2ePlayer) => {
    await w.vote(player.name);
    row(player.name, 'votes on the site');
    await type(player, '/vote');
    await w.advance(11_000);
  };
  const crowd = async (count: number, day: number) => {
    for (let i = 0; i < count; i++) await w.vote(`Fan${day}x${i + 1}`, { agoMs: 1000 });
    row('site', `${count} other player(s) vote for the server`);
  };
  const admin = async (line: string) => {
    const from = w.output().length;
    w.console(line);
    await w.advance(300);
    write(`  ${'admin console'.padEnd(16)}│ > ${line}`);
    for (const text of w.output().slice(from)) write(`  ${''.padEnd(16)}│   ${text}`);
    seen.log = w.output().length;
  };
  /** A day's heading: its date on the simulated clock and what happens. */
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
  /** To the next day at `hour`:00 UTC, in half-hour steps (nobody is waiting on a timer meanwhile). */
  const nextDay = async (hour = 18) => {
    const now = new Date(w.now());
    const at = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, hour);
    await w.jump(at - w.now(), 30 * 60_000);
    await flush();
  };

  try {
    write(
      'vote-reward: one player’s month (dist/server.js in a simulated FXServer with ESX ↔ the mock on loopback)',
    );
    write('');
    write('config.json (besides apiUrl, voteUrl):');
    for (const line of JSON.stringify(MONTH_CONFIG, null, 2).split('\n')) write(`  ${line}`);
    write(
      'server.cfg: set vote_reward_discord_webhook "<the mock’s webhook>" (printed masked by the resource)',
    );
    write(
      'Each vote: 500$ cash, and 250$ bank drawn at 50 %. Every 3rd vote: 300$ cash (weight 3) or 3000$ bank',
    );
    write(
      '(weight 1), drawn once and journalled. Steve’s story is the same each run; those two draws may differ.',
    );
    await w.advance(2000);
    seen.log = w.output().length;

    day('Steve’s first vote');
    const steve = await join('Steve', 'license:5b1e7ed2c0ffee');
    await w.advance(6000);
    await voteAndClaim(steve);
    await crowd(4, 1);

    await nextDay();
    day('a second day in a row; Alice votes too');
    await voteAndClaim(steve);
    const alice = await join('Alice');
    await w.advance(6000);
    await voteAndClaim(alice);
    drop(alice);

    await nextDay();
    day('a 3-day streak, the 3rd vote’s draw, a vote party');
    await voteAndClaim(steve);
    await crowd(3, 3);
    row('…', 'a minute later the resource reads /vote/count');
    await w.advance(65_000);
    await flush();
    await admin('votereward player Steve');

    await nextDay();
    day('Steve does not vote (the streak breaks tonight)');
    row('Steve', 'stays away');

    await nextDay();
    day('a new streak starts');
    await voteAndClaim(steve);

    await nextDay();
    day('5 votes in total');
    await voteAndClaim(steve);
    await crowd(2, 6);
    await w.advance(65_000);
    await flush();
    await type(steve, '/votetop');

    await nextDay();
    day('Alice votes again; Steve logs off for the rest of the month');
    const aliceBack = await join('Alice', alice.license);
    await w.advance(6000);
    await voteAndClaim(aliceBack);
    await type(aliceBack, '/votetop');
    drop(aliceBack);
    drop(steve);
    await admin('votereward player Steve');

    row('…', 'time passes to 1 July 00:05 UTC, the month changes with nobody online');
    await w.jump(Date.UTC(2025, 6, 1, 0, 5) - w.now(), HOUR);
    await w.advance(5000);
    day('June’s top voters are decided');
    await flush();
    await admin('votereward top 2025-06');
    await admin('votereward player Alice');

    await nextDay(19);
    day('Steve comes back and is paid his prize');
    const back = await join('Steve', steve.license);
    await w.advance(10_000);
    await flush();
    await admin('votereward player Steve');

    write('');
    const paid = w.ledger().filter((entry) => entry.player === steve.id || entry.player === back.id);
    const total = paid.reduce((sum, entry) => sum + entry.amount, 0);
    write(
      `Steve’s month: ${w.votes('Steve').length} votes claimed, ${paid.length} payouts worth ${total}$; the webhook received ${seen.discord} message(s) in all.`,
    );
  } finally {
    await w.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runMonthDemo((line) => process.stdout.write(`${line}\n`)).catch((error: unknown) => {
    process.stderr.write(
      `demo failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
