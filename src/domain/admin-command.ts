import { cleanText } from '../runtime/clean-text';

/** Name of the admin command (players need the ace `command.votereward`). */
export const ADMIN_COMMAND = 'votereward';

/** One row of the `votereward` table: a feature contributes its rows, the usage text is generated from them. */
export interface AdminCommand {
  /** The subcommand, lowercase. */
  name: string;
  /** Its argument as the usage shows it: `<vote_id>` is required (a missing one answers the usage), `[YYYY-MM]` not. */
  args?: string;
  /** One line for the usage. */
  help: string;
  /** Checks the words before `run`: a problem is printed with the usage. */
  check?(args: readonly string[]): string | null;
  /** Runs with the words after the subcommand; answers the lines to print. */
  run(args: readonly string[]): Promise<string[]> | string[];
  /** Rows reached by the next word (`votereward party confirm`); `run` answers when no row matches. */
  subcommands?: readonly AdminCommand[];
}

/** The words after a subcommand as one argument (a name may hold spaces). */
export function argumentOf(args: readonly string[]): string {
  return args.join(' ').trim();
}

/** The usage text of a table: one line a row, subcommands under their row. */
export function usageOf(commands: readonly AdminCommand[]): string[] {
  const rows = (list: readonly AdminCommand[], prefix: string): string[] =>
    list.flatMap((command) => {
      const label = `${prefix}${command.name}${command.args ? ` ${command.args}` : ''}`;
      return [
        `  ${label.padEnd(18)}  ${command.help}`,
        ...rows(command.subcommands ?? [], `${prefix}${command.name} `),
      ];
    });
  return [`usage: ${ADMIN_COMMAND} <subcommand>`, ...rows(commands, '')];
}

/** Runs one `votereward ...` invocation against the table and returns the lines to print. */
export async function runAdminCommand(
  commands: readonly AdminCommand[],
  args: readonly string[],
): Promise<string[]> {
  const usage = usageOf(commands);
  const [sub, ...rest] = args;
  if (sub === undefined || sub.toLowerCase() === 'help') return usage;
  let path = sub.toLowerCase();
  let command = commands.find((row) => row.name === path);
  if (!command) return [`${ADMIN_COMMAND}: unknown subcommand "${cleanText(sub, 32)}"`, ...usage];
  let words = rest;
  for (;;) {
    const next = words[0]?.toLowerCase();
    const inner: AdminCommand | undefined = command.subcommands?.find((row) => row.name === next);
    if (!inner) break;
    command = inner;
    path = `${path} ${inner.name}`;
    words = words.slice(1);
  }
  if (command.args?.startsWith('<') && argumentOf(words) === '')
    return [`${ADMIN_COMMAND} ${path}: missing ${command.args}`, ...usage];
  const problem = command.check?.(words) ?? null;
  if (problem !== null) return [`${ADMIN_COMMAND} ${path}: ${problem}`, ...usage];
  return command.run(words);
}

/** A time as admins read it: `2026-11-21 10:00 UTC`. */
export function formatTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** A duration as admins read it: `3 h 20 min`, `45 min`, `2 d 4 h`. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
  return `${Math.floor(hours / 24)} d${hours % 24 ? ` ${hours % 24} h` : ''}`;
}
