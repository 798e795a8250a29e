/**
 * One server of a network as its own process (`tsx devkit/network/program-racer.ts <json>`), racing the other servers
 * on the network's decisions: the vote party's threshold and the month's top voters, with Discord posts on. Its own
 * player and the shared player (online on every server at once) are online; the shared rows (seeded by the test) give
 * every player the month's votes the party asks for and rank the shared player first.
 *
 * It prints `ready` once its store is ready; on `go` it reads the party's count (5 votes on its listing: the
 * threshold), moves into the next month until the month's top voters are decided, settles its players until nothing is
 * open, and prints one JSON line: the cash paid, the announcements made and the Discord posts sent.
 */
import type { HttpRequest, HttpResponse } from '../../src/api/transport';
import { JOURNAL_PREFIX } from '../../src/engine/journal';
import { TOP_DECISION_PREFIX } from '../../src/store/keys';
import { createSitesShared, type WorldSite } from '../worlds/sites-world';
import { bootNetworkServer, startNetworkServer } from './network-world';
import { runRacer, startLine } from './racer-main';

/** The racer's arguments. */
export interface ProgramRacerArgs {
  url: string;
  serverId: string;
  /** This server's own player (`license:own-<n>`). */
  own: number;
  /** The game clock's start (ms). */
  start: number;
  /** The month the top voters decide (`YYYY-MM`). */
  month: string;
}

/** What the racer prints. */
export interface ProgramRacerResult {
  serverId: string;
  ownCash: number;
  sharedCash: number;
  partyAnnounced: number;
  monthAnnounced: number;
  posts: string[];
  open: string[];
}

const SITE: WorldSite = { id: 'chk', kind: 'serveur-prive', model: 'check_only', windowMs: 2 * 3_600_000 };
const WEBHOOK = `https://discord.com/api/webhooks/112233445566778899/${'AbCdEf-_0123456789abcdefghijklmnopqrstuvwxyz'.repeat(2)}`;
const realWait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const args = JSON.parse(process.argv[2] ?? '{}') as ProgramRacerArgs;
  const shared = createSitesShared([SITE], { esx: true, start: args.start });
  const posts: string[] = [];
  const api = shared.api.request.bind(shared.api);
  shared.api.request = async (request: HttpRequest): Promise<HttpResponse> => {
    if (!request.url.startsWith('https://discord.com/')) return api(request);
    posts.push(String((JSON.parse(request.body ?? '{}') as { content?: string }).content));
    return { status: 204, headers: {}, body: null };
  };
  const world = bootNetworkServer(shared, SITE, {
    url: args.url,
    serverId: args.serverId,
    convars: { vote_reward_discord_webhook: WEBHOOK },
    config: {
      timeZone: 'UTC',
      voteParty: {
        enabled: true,
        every: 5,
        reward: { type: 'money', amount: 10 },
        minMonthlyVotes: 1,
        announceMinutes: 0,
      },
      topVoters: { enabled: true, awards: [{ rank: 1, reward: [{ type: 'money', amount: 50 }] }] },
      discord: { enabled: true, vote: false, milestone: false, streak: false, batchSeconds: 0 },
    },
  });
  const counts = { party: 0, month: 0 };
  world.running.events.on('partyReached', () => {
    counts.party += 1;
  });
  world.running.events.on('monthDecided', () => {
    counts.month += 1;
  });
  await startNetworkServer(world);
  const players = [
    { source: 1, name: `Own${args.own}`, license: `license:own-${args.own}` },
    { source: 2, name: 'Pat', license: 'license:ppp' },
  ];
  for (const player of players) {
    world.runtime.onlinePlayers.set(player.source, { name: player.name, license: player.license });
    shared.esx?.load(player.source, `char1:${player.license}`, { money: 0, bank: 0 });
  }
  await shared.clock.advance(1000);
  process.stdout.write('ready\n');
  await startLine();

  const party = world.running.party;
  const top = world.running.top;
  if (!party || !top) throw new Error('the party and the top voters must be on');
  // Past the budget split's hold of a server joining a key the others poll (a beat and a window): the party's first
  // read (0 votes) is its base line.
  for (let i = 0; i < 3; i += 1) {
    await shared.clock.advance(30_000);
    await realWait(20);
  }
  await party.tick();
  // The listing shows 5 votes this month: the threshold every server's party reads at about the same time.
  for (let i = 0; i < 5; i += 1) shared.api.addVote(`Voter${i}`, shared.clock.now() - 1000);
  await shared.clock.advance(61_000);
  await party.tick();
  // The month ends; the party's next reads confirm the new month, then the top voters decide the one before.
  const decided = () => world.runtime.kvp.get(`${TOP_DECISION_PREFIX}${args.month}`) !== null;
  for (let round = 0; round < 200 && !decided(); round += 1) {
    await shared.clock.advance(60_000);
    await realWait(20);
  }
  const open = () => [...world.runtime.kvpData.keys()].filter((key) => key.startsWith(JOURNAL_PREFIX));
  for (let round = 0; round < 200; round += 1) {
    await Promise.all(
      players.map((player) => world.running.flow.settlePlayer(player.license).catch(() => undefined)),
    );
    await shared.clock.advance(20_000);
    if (open().length === 0 && round >= 3) break;
    await realWait(30);
  }
  await shared.clock.advance(5_000);
  const result: ProgramRacerResult = {
    serverId: args.serverId,
    ownCash: shared.esx?.balance(1, 'money') ?? 0,
    sharedCash: shared.esx?.balance(2, 'money') ?? 0,
    partyAnnounced: counts.party,
    monthAnnounced: counts.month,
    posts,
    open: open(),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  world.running.stop();
  await world.oxmysql.close();
  process.exit(0);
}

runRacer(main);
