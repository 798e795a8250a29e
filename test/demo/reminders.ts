/**
 * `npm run demo:reminders`: a player's hour of reminders. The built resource runs in the simulated FXServer (ESX)
 * against the real mock with its listing-site emulations (Top-Serveurs by name, serveur-prive by IP), on a virtual
 * clock moved five seconds at a time. Every "reads" line is what a player's chat received, at the time it arrived;
 * the "why" beside each reminder names the rule that sent it (the times are asserted by `reminders.test.ts`).
 *
 * The hour: Steve voted everywhere before joining, so each site reminds him when it lets him vote again (Top-Serveurs
 * by its own `duration`, serveur-prive by its own `next_vote_seconds`, the vote API by its window); the cap of 2 an
 * hour holds his third. Alex has not voted: one line for every open site after the quiet time, then the party nudge.
 * Bea turns reminders off, the server restarts, she stays off until she turns them on again.
 */
import { fileURLToPath } from 'node:url';
import { createE2e, type E2e, type E2ePlayer } from '../../devkit/worlds/e2e-harness';
import { SITE_EMULATIONS } from '../../mock-server/sites';
import { castOn, control } from '../e2e/sites-world';

const MINUTE = 60_000;
/** The reminders' tick: the clock moves by this much at a time, so each line is read when it was sent. */
const STEP_MS = 5_000;
const STEVE_IP = '203.0.113.7';
const ALEX_IP = '203.0.113.8';

/** The reminders config of the story. */
export const REMINDERS = {
  enabled: true,
  joinDelaySeconds: 120,
  repeatMinutes: 0,
  maxPerHour: 2,
  partyNudgeVotes: 5,
};

/** One line a player read, at `at` (ms after the three joined). */
export interface ReadLine {
  at: number;
  player: string;
  text: string;
}

/** `m:ss` of a time since the start. */
export const clockOf = (ms: number): string => {
  const seconds = Math.round(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, ' ')}:${String(seconds % 60).padStart(2, '0')}`;
};

/** Why a reminder line was sent, from the rule its text shows. */
function whyOf(player: string, text: string): string | null {
  if (text.startsWith('You can vote on Top-Serveurs again'))
    return 'Top-Serveurs answered "duration" (minutes to the next vote): its own time';
  if (text.startsWith('You can vote on serveur-prive.net again'))
    return 'serveur-prive answered "next_vote_seconds": its own time';
  if (text.startsWith('You can vote for the server again'))
    return "the vote API's window (poll.siteCooldownMinutes) after the last claim";
  if (text.startsWith('You can vote again on') && player === 'Bea')
    return 'Bea turned reminders on, her quiet time after the restart had passed: every open site in one line (serveur-prive names voters by IP; Bea has none)';
  if (text.startsWith('You can vote again on'))
    return `${player} voted nowhere yet: every open site in one line, after the ${REMINDERS.joinDelaySeconds} s quiet time`;
  if (text.includes('to the next vote party, and you have not voted today'))
    return `the party is ${REMINDERS.partyNudgeVotes} votes or closer and ${player} has not voted today`;
  return null;
}

/** Runs the hour; writes the transcript line by line and answers what each player read, with times. */
export async function runRemindersDemo(write: (line: string) => void): Promise<ReadLine[]> {
  const sites = [
    { kind: 'top-serveurs', id: 'ts', identity: 'name', key: 'story_key_ts' },
    { kind: 'serveur-prive', id: 'sp', identity: 'ip', key: 'story_key_sp' },
  ];
  const w: E2e = await createE2e({
    framework: 'esx',
    sites: true,
    start: false,
    config: {
      reward: { type: 'money', amount: 500 },
      poll: { enabled: true, siteCooldownMinutes: 45 },
      voteParty: { enabled: true, every: 10, announceMinutes: 0 },
      reminders: REMINDERS,
      claimCooldownSeconds: 0,
    },
    configOf: (mockUrl) => ({
      sites: sites.map((site) => {
        const emulation = SITE_EMULATIONS.find((e) => e.kind === site.kind);
        if (!emulation) throw new Error(`no emulation of ${site.kind}`);
        return {
          kind: site.kind,
          id: site.id,
          identity: site.identity,
          voteUrl: `https://${site.kind}.example/vote`,
          baseUrl: `${mockUrl}${emulation.basePath}`,
          rewards: { type: 'money', amount: 100 },
        };
      }),
    }),
    convars: Object.fromEntries(sites.map((site) => [`vote_reward_site_${site.id}_key`, site.key])),
  });
  const read: ReadLine[] = [];
  try {
    for (const site of sites) await control(w, `/__admin/sites/${site.kind}/key`, { key: site.key });
    for (let i = 1; i <= 6; i += 1) await w.vote(`Voter${i}`);
    await w.vote('Steve', { agoMs: 10 * MINUTE });
    await castOn(w, 'top-serveurs', 'name', 'Steve', 100 * MINUTE);
    await castOn(w, 'serveur-prive', 'ip', STEVE_IP, 60 * MINUTE);
    w.server.start('vote-reward');
    await w.started();

    write(
      "A player's hour of reminders: the built bundle in the simulated FXServer (ESX), the mock and its site emulations",
    );
    write(
      `config: reminders ${JSON.stringify(REMINDERS)}; poll.siteCooldownMinutes 45; voteParty every 10; sites Top-Serveurs (by name), serveur-prive (by IP)`,
    );
    write(
      'before 0:00: Steve voted on the vote API 10 min ago, on Top-Serveurs 100 min ago (its window: 2 h), on serveur-prive 60 min ago (90 min); 7 votes this month (party at 10)',
    );
    const start = w.now();
    const row = (at: number, who: string, text: string) =>
      write(`  ${clockOf(at)}  ${who.padEnd(14)}│ ${text}`);
    let players: Record<string, E2ePlayer> = {};
    const seen = new Map<string, number>();
    const flush = () => {
      for (const [name, player] of Object.entries(players)) {
        const messages = w.messages(player);
        for (const text of messages.slice(seen.get(name) ?? 0)) {
          const at = w.now() - start;
          read.push({ at, player: name, text });
          row(at, `${name} reads`, text);
          const why = whyOf(name, text);
          if (why) write(`  ${' '.repeat(5)}  ${''.padEnd(14)}│   why: ${why}`);
        }
        seen.set(name, messages.length);
      }
    };
    const until = async (minute: number) => {
      while (w.now() - start < minute * MINUTE) {
        await w.jump(STEP_MS, STEP_MS);
        flush();
      }
    };
    const joinAll = async () => {
      players = {
        Steve: await w.join('Steve', { license: 'license:57e7e0001', before: [`ip:${STEVE_IP}`] }),
        Alex: await w.join('Alex', { license: 'license:a1e70002', before: [`ip:${ALEX_IP}`] }),
        Bea: await w.join('Bea', { license: 'license:bea0003' }),
      };
      seen.clear();
    };
    /** A note, then `votereward status`'s Reminders line. */
    const status = async (note: string) => {
      row(w.now() - start, 'note', note);
      const before = w.output().length;
      w.console('votereward status');
      await w.advance(1000);
      const line = w
        .output()
        .slice(before)
        .find((text) => text.trimStart().startsWith('Reminders'));
      if (line) row(w.now() - start, 'console', line.trim());
    };
    const type = (name: string, line: string) => {
      row(w.now() - start, `${name} types`, line);
      const player = players[name];
      if (player) w.type(player, line);
    };

    await joinAll();
    row(0, 'server', 'Steve, Alex and Bea join');
    await until(10 / 60);
    type('Steve', '/vote');
    await until(1);
    type('Bea', '/votereminders off');
    await until(46);
    await status(
      '45:15: the vote API lets Steve vote again (its window, 45 min after his claim); the cap holds it',
    );
    await until(50);
    row(
      w.now() - start,
      'server',
      'restarts (the resource is killed and started again); the three join again',
    );
    await w.restart();
    await joinAll();
    await until(55);
    type('Bea', '/votereminders on');
    await until(60);
    await status('the hour ends (the figures count from the restart)');
    const by = (name: string) => read.filter((line) => line.player === name && whyOf(name, line.text)).length;
    write(
      `the hour: Steve reminded ${by('Steve')} time(s) (the cap held his third), Alex ${by('Alex')} (one line, one nudge), Bea ${by('Bea')} (off across the restart, then on)`,
    );
    return read;
  } finally {
    await w.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runRemindersDemo((line) => process.stdout.write(`${line}\n`)).catch((error: unknown) => {
    process.stderr.write(
      `demo failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
