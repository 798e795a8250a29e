import { ADMIN_COMMAND, type AdminCommand, argumentOf } from '../domain/admin-command';
import { refOf } from '../engine/outcome';
import { cleanText } from '../runtime/clean-text';
import { displayName } from '../runtime/display-name';
import type { AdminResult } from './admin';
import type { ClaimFlow } from './claim-flow';

/** The claim flow's part of `votereward`: open claims and what an admin does to them. */
export function claimCommands(current: () => ClaimFlow | null, now: () => number): AdminCommand[] {
  const inert: AdminResult = { ok: false, message: 'the resource is inert' };
  const action = (
    name: string,
    args: string,
    help: string,
    act: (flow: ClaimFlow, ref: string) => AdminResult | Promise<AdminResult>,
  ): AdminCommand => ({
    name,
    args,
    help,
    async run(words) {
      const flow = current();
      const result = flow ? await act(flow, argumentOf(words)) : inert;
      return [`${ADMIN_COMMAND} ${name}: ${result.message}`];
    },
  });
  return [
    {
      name: 'pending',
      help: 'open claims (owed rewards, undecided claims)',
      run: () => {
        const flow = current();
        return flow ? pendingLines(flow, now()) : ['vote-reward: inert'];
      },
    },
    action('retry', '<vote_id>', 'try an open claim again now', (flow, ref) => flow.retry(ref)),
    action(
      'grant',
      '<vote_id>',
      'declare a claim owed and pay it (for claims waiting for an admin)',
      (flow, ref) => flow.grant(ref),
    ),
    action('drop', '<vote_id>', 'forget an open claim; nothing more is paid for it', (flow, ref) =>
      flow.drop(ref),
    ),
    action('unbind', '<name>', 'free a name bound by the name lock', (flow, name) => flow.unbind(name)),
  ];
}

/** Lines of `votereward pending`. */
export function pendingLines(flow: Pick<ClaimFlow, 'pending'>, now: number): string[] {
  const entries = flow.pending();
  if (entries.length === 0) return ['vote-reward: no open claims'];
  return [
    `vote-reward: ${entries.length} open claim(s)`,
    ...entries.map(
      (entry) =>
        `  ${cleanText(refOf(entry)).padEnd(36)}  ${displayName(entry.name, 'console').padEnd(20)}  ${entry.state.padEnd(11)}  ${entry.given.filter(Boolean).length}/${entry.rewards.length} given  ${entry.problem ?? ''}  ${Math.round((now - entry.createdAt) / 60_000)} min ago`,
    ),
  ];
}

/** The claim lines of `votereward status`: open claims, and in the verbose form the name bindings. */
export function claimStatus(
  flow: Pick<ClaimFlow, 'pending' | 'names'>,
  nameLock: boolean,
  verbose: boolean,
): string[] {
  const pending = flow.pending();
  const waiting = pending.filter((entry) => entry.state === 'needs_admin').length;
  const lines = [
    `  Pending    ${pending.length} open claim(s)${waiting ? `, ${waiting} waiting for an admin (${ADMIN_COMMAND} pending)` : ''}`,
  ];
  if (verbose) lines.push(`  Names      ${flow.names.count()} bound (name lock ${nameLock ? 'on' : 'off'})`);
  return lines;
}
