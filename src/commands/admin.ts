import type { AdminResult } from '../claim/claim-flow';
import { cleanText } from '../runtime/clean-text';

/** What the `votereward` console command drives. */
export interface AdminActions {
  /** Lines of `votereward status`. */
  status(): Promise<string[]>;
  /** Lines of `votereward pending`. */
  pending(): string[];
  retry(ref: string): Promise<AdminResult>;
  grant(ref: string): Promise<AdminResult>;
  drop(ref: string): AdminResult;
  unbind(name: string): AdminResult;
  /** Reloads config.json and rebuilds everything; returns what happened. */
  reload(): Promise<string[]>;
}

/** Name of the admin command (players need the ace `command.votereward`). */
export const ADMIN_COMMAND = 'votereward';

const USAGE = [
  `usage: ${ADMIN_COMMAND} <subcommand>`,
  '  status              API, key, server, rate budget, framework, pending claims',
  '  pending             open claims (owed rewards, undecided claims)',
  '  retry <vote_id>     try an open claim again now',
  '  grant <vote_id>     declare a claim owed and pay it (for claims waiting for an admin)',
  '  drop <vote_id>      forget an open claim; nothing more is paid for it',
  '  unbind <name>       free a name bound by the name lock',
  '  reload              reload config.json',
];

/** Runs one `votereward ...` invocation and returns the lines to print. */
export async function runAdminCommand(actions: AdminActions, args: readonly string[]): Promise<string[]> {
  const [sub, ...rest] = args;
  const argument = rest.join(' ').trim();
  const needs = (what: string) => [`${ADMIN_COMMAND} ${sub}: missing <${what}>`, ...USAGE];
  const line = (result: AdminResult) => [`${ADMIN_COMMAND} ${sub}: ${result.message}`];
  switch (sub?.toLowerCase()) {
    case 'status':
      return actions.status();
    case 'pending':
      return actions.pending();
    case 'retry':
      return argument ? line(await actions.retry(argument)) : needs('vote_id');
    case 'grant':
      return argument ? line(await actions.grant(argument)) : needs('vote_id');
    case 'drop':
      return argument ? line(actions.drop(argument)) : needs('vote_id');
    case 'unbind':
      return argument ? line(actions.unbind(argument)) : needs('name');
    case 'reload':
      return actions.reload();
    case undefined:
    case 'help':
      return USAGE;
    default:
      return [`${ADMIN_COMMAND}: unknown subcommand "${cleanText(sub, 32)}"`, ...USAGE];
  }
}
