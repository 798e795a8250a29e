/**
 * `npm run demo`: the built resource on a simulated FXServer with ESX, against the real mock over loopback.
 * It plays a short story and prints what each side saw: the player's chat, the server console, the ESX payout
 * ledger and the mock's database. Nothing here is scripted output: every line comes from the running pieces.
 */

import type { FxServer } from '../../devkit/fxserver';
import { createE2e, type E2e, type E2ePlayer } from '../../devkit/worlds/e2e-harness';

const out = (line = ''): void => {
  process.stdout.write(`${line}\n`);
};

/** Prints, for each source, only what is new since the last call. */
function createNarrator(world: E2e) {
  let server: FxServer | null = null;
  let consoleSeen = 0;
  let ledgerSeen = 0;
  const chatSeen = new Map<number, number>();
  const players: E2ePlayer[] = [];
  let step = 0;

  return {
    watch(player: E2ePlayer) {
      players.push(player);
      chatSeen.set(player.id, world.messages(player).length);
    },
    step(title: string) {
      step += 1;
      out();
      out(`── ${step}. ${title} ${'─'.repeat(Math.max(3, 90 - title.length))}`);
    },
    note(text: string) {
      out(`   ${text}`);
    },
    flush() {
      if (server !== world.server) {
        server = world.server;
        consoleSeen = 0;
      }
      const lines = world.consoleLines();
      for (const line of lines.slice(consoleSeen)) out(`   console     │ ${line}`);
      consoleSeen = lines.length;
      for (const player of players) {
        if (!world.server.players().includes(player.id)) continue;
        const chat = world.messages(player);
        for (const text of chat.slice(chatSeen.get(player.id) ?? 0))
          out(`   ${`${player.name} sees`.padEnd(11)} │ ${text}`);
        chatSeen.set(player.id, chat.length);
      }
      const ledger = world.ledger();
      for (const entry of ledger.slice(ledgerSeen)) {
        const who = players.find((p) => p.id === entry.player)?.name ?? `#${entry.player}`;
        out(
          `   ESX ledger  │ ${entry.framework} paid ${who} (#${entry.player}) ${entry.amount} ${entry.name} (${entry.reason ?? 'no reason'})`,
        );
      }
      ledgerSeen = ledger.length;
    },
    database(username: string) {
      const votes = world.votes(username);
      if (votes.length === 0) out(`   mock DB     │ no vote for ${username}`);
      for (const vote of votes) {
        const at = (ms: number) => new Date(ms).toISOString().slice(11, 19);
        out(
          `   mock DB     │ vote ${vote.voteId.slice(0, 8)} by ${vote.username} at ${at(vote.votedAt)}: ${vote.claimedAt === null ? 'unclaimed' : `claimed at ${at(vote.claimedAt)}`}`,
        );
      }
    },
  };
}

async function main(): Promise<void> {
  out('vote-reward demo: dist/server.js in a simulated FXServer (ESX) ↔ the mock Vote API on loopback');
  const world = await createE2e({
    framework: 'esx',
    start: false,
    config: { reward: { type: 'money', amount: 500 } },
  });
  const say = createNarrator(world);
  try {
    say.step('The mock API runs, with one server and its API key');
    say.note(`mock at ${world.mock.url}, server #${world.serverId} "Harbor City RP"`);
    say.note('server.cfg: set vote_reward_api_key "live_…" (the key is only ever printed masked)');

    say.step('The game server starts: es_extended, then vote-reward (ensure vote-reward)');
    world.server.start('vote-reward');
    await world.advance(1000);
    say.flush();

    say.step('Steve votes on the site (POST /__admin/votes records it in the mock)');
    await world.vote('Steve');
    say.database('Steve');

    say.step('Steve joins, his ESX character loads, he types /vote');
    const steve = await world.join('Steve', { license: 'license:5b1e7ed2c0ffee' });
    say.watch(steve);
    world.type(steve, '/vote');
    await world.until(() => world.ledger().length > 0);
    await world.advance(1000);
    say.flush();
    say.database('Steve');

    say.step('Steve types /vote again ten seconds later: nothing is paid twice');
    await world.advance(11_000);
    world.type(steve, '/vote');
    await world.advance(2000);
    say.flush();

    say.step('Steve votes again later; this time the server crashes mid-claim');
    await world.advance(60_000);
    await world.vote('Steve');
    say.database('Steve');
    say.note(
      'the mock claims the vote but holds its answer (fault apply + delay), and the server dies meanwhile',
    );
    await world.fault({ route: '/api/v1/vote/claim', method: 'POST', apply: true, delayMs: 800, times: 1 });
    world.type(steve, '/vote');
    await world.advance(100);
    for (let i = 0; i < 200 && world.unclaimed('Steve').length > 0; i++) await world.realWait(5);
    say.flush();
    world.kill();
    say.note('*** FXServer killed: memory gone, the claim answer never arrived, nothing was paid ***');
    await world.realWait(900);
    say.database('Steve');

    say.step('The server restarts; vote-reward finds the open claim in its KVP journal');
    await world.restart();
    await world.advance(1000);
    say.flush();

    say.step(
      'Steve reconnects: the journal is reconciled (check again → the vote was claimed) and paid once',
    );
    const back = await world.join('Steve', { license: steve.license });
    say.watch(back);
    await world.until(() => world.ledger().length > 1);
    await world.advance(20_000);
    say.flush();
    say.database('Steve');

    say.step('An admin looks at the state (votereward status)');
    world.console('votereward status');
    await world.advance(1000);
    say.flush();

    out();
    const paid = world.ledger().reduce((sum, entry) => sum + entry.amount, 0);
    out(
      `Result: ${world.votes('Steve').length} votes, ${world.unclaimed('Steve').length} unclaimed, ${world.ledger().length} payouts (${paid}$): each vote paid exactly once.`,
    );
  } finally {
    await world.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `demo failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
