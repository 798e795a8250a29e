/**
 * `votereward testpay <player id>`: the owner's in-game test of the reward configuration without a real vote. The
 * configured vote rewards become one award in the journal (`a:test:<time>:<license>`), paid, verified and reconciled
 * by the same exactly-once driver as every award, and marked as a test in the console; nothing goes to Discord or to
 * other resources' vote events.
 */

import type { Running } from '../compose';
import { rewardsOf } from '../config/load';
import { ADMIN_COMMAND, type AdminCommand } from '../domain/admin-command';
import type { AwardInfo } from '../domain/types';
import { AWARD_ID_PREFIX } from '../engine/journal';
import { describeRewards } from '../engine/messages';
import { claimNameOf } from '../engine/player-name';
import { cleanText } from '../runtime/clean-text';
import type { Runtime } from '../runtime/runtime';

/** Where test awards' ids start; the rest is `<time>:<license>`. */
export const TEST_AWARD_PREFIX = `${AWARD_ID_PREFIX}test:`;

/** The award a test pays: the player hears `award_test` (a test by an admin, not a vote); it earns nothing further. */
const TEST_AWARD: AwardInfo = { program: 'test', value: 0, month: null, voteRef: null };

/** The `testpay` row of the `votereward` table. */
export function testpayCommand(
  target: () => Running | null,
  runtime: Pick<Runtime, 'players' | 'playerLicense' | 'playerName' | 'now' | 'log'>,
): AdminCommand {
  const say = (text: string) => `${ADMIN_COMMAND} testpay: ${text}`;
  return {
    name: 'testpay',
    args: '<id>',
    help: 'TEST: pay the online player with this server id the configured vote rewards once, without a vote',
    check: (args) =>
      /^[1-9]\d{0,5}$/.test(args[0] ?? '') && args.length === 1
        ? null
        : `expected one player id (a whole number, as the server's player list shows it), got "${cleanText(args.join(' '), 32)}"`,
    async run(args) {
      const running = target();
      if (!running) return [say('vote rewards are not running (see the start-up block); nothing paid')];
      const source = Number(args[0]);
      if (!runtime.players().includes(source)) return [say(`player ${source} is not online; nothing paid`)];
      const license = runtime.playerLicense(source);
      if (!license) return [say(`player ${source} has no license identifier; nothing paid`)];
      const name = claimNameOf(runtime.playerName(source)) ?? `player ${source}`;
      const who = `${name} (#${source})`;
      if (!(await running.adapter.isPlayerReady(source)))
        return [
          say(
            `${who} is online but not loaded in ${running.framework} yet (no character); nothing paid, try again once they have spawned`,
          ),
        ];
      const id = `${TEST_AWARD_PREFIX}${runtime.now()}:${license}`;
      const rewards = rewardsOf(running.config);
      const created = running.programs.awards.create(
        { id, license, name, info: TEST_AWARD, rewards },
        { announce: false },
      );
      if (created !== 'created') return [say(`${id} already exists; nothing more paid`)];
      const drawn = running.flow.pending().find((entry) => entry.id === id)?.rewards ?? [];
      const what =
        drawn.length > 0 ? describeRewards(running.translate, drawn) : 'nothing (the chance draw lost)';
      runtime.log.info(
        `TEST payout (${ADMIN_COMMAND} testpay, not a vote): ${who}, ${license}, award ${id}: ${what}`,
      );
      await running.flow.settlePlayer(license);
      const open = running.flow.pending().find((entry) => entry.id === id);
      if (!open) return [say(`TEST paid ${who}: ${what} (award ${id})`)];
      return [
        say(
          `TEST award ${id} for ${who} is not paid yet (${open.state}${open.problem ? `, ${open.problem}` : ''}); it stays open and is paid like any award (\`${ADMIN_COMMAND} pending\`)`,
        ),
      ];
    },
  };
}
