import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { migrateToLatest, type OpenedDatabase, openDatabase } from '@bus/db';
import { parseEnv } from '../env.ts';
import { backupCommands } from './backup-commands.ts';
import { changeCommands } from './change-commands.ts';
import { checkCommands } from './check-commands.ts';
import { dataCommands } from './data-commands.ts';
import { distanceCommands } from './distance-commands.ts';
import { driveCommand } from './drive-command.ts';
import { gtfsCommands } from './gtfs-commands.ts';
import { Progress } from './progress.ts';
import { userCommands } from './user-commands.ts';

export interface CliWriter {
  write(text: string): unknown;
  /** A terminal (process.stderr has it): progress is drawn as a bar rather than printed as lines. */
  isTTY?: boolean;
  columns?: number;
}

export interface CliIo {
  env: Record<string, string | undefined>;
  stdout: CliWriter;
  stderr: CliWriter;
  /** Where relative file arguments resolve; the process's working directory by default. */
  cwd?: string;
  /** The clock progress is timed by (milliseconds, only differences count); performance.now by default. */
  now?: () => number;
}

export interface CliContext {
  env: Record<string, string | undefined>;
  /** DB_PATH, resolved the way the server resolves it, so both use the same file. */
  dbPath: string;
  /** Opens and migrates the database on first use; runCli closes it when the command ends. */
  database(options?: { mustExist?: boolean }): Promise<OpenedDatabase>;
  resolvePath(path: string): string;
  out(line: string): void;
  err(line: string): void;
  /**
   * What a long command is doing, on stderr (progress.ts); nothing with `quiet`. Whatever the
   * command prints next clears the progress line first.
   */
  progress(quiet: boolean): Progress;
}

export interface CliArgs {
  positionals: string[];
  /** As node:util parseArgs gives them (arrays for `multiple: true` options). */
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
}

export interface CliCommand {
  /** One or more words: 'export', or 'user add' for a command group. */
  name: string;
  /** Argument synopsis for the help text, e.g. '<file.json> [--replace]'. */
  synopsis: string;
  summary: string;
  options?: ParseArgsConfig['options'];
  /**
   * Required positional arguments, in order (named for error messages); a function when they
   * depend on the options given (`import-stop-positions --from-gtfs <stops.txt>` takes none).
   */
  positionals: readonly string[] | ((values: CliArgs['values']) => readonly string[]);
  /** Returns the exit code; throwing prints `error: <message>` and exits with 1. */
  run(context: CliContext, args: CliArgs): Promise<number>;
}

/** Every command of `pnpm cli`; add a group (e.g. user commands) by spreading it in here. */
export const COMMANDS: readonly CliCommand[] = [
  ...dataCommands,
  ...gtfsCommands,
  // Route distances for distance fares (issue 41).
  ...distanceCommands,
  ...checkCommands,
  ...backupCommands,
  ...userCommands,
  // Service changes (issue 27): cancel-trip, notice add, changes list/remove.
  ...changeCommands,
  // Live buses (issue 40): a trip driven through the drivers' API, for demos, tests and load.
  driveCommand,
];

function usage(commands: readonly CliCommand[]): string {
  const width = Math.max(...commands.map((c) => `${c.name} ${c.synopsis}`.length));
  const lines = commands.map((c) => `  ${`${c.name} ${c.synopsis}`.padEnd(width)}  ${c.summary}`);
  return [
    'usage: pnpm cli <command>',
    '',
    'commands:',
    ...lines,
    '',
    'The database is DB_PATH (default data/timetable.sqlite).',
  ].join('\n');
}

/** The command whose words start argv, preferring the longest match ('user add' over 'user'). */
function findCommand(argv: readonly string[], commands: readonly CliCommand[]): CliCommand | undefined {
  let best: CliCommand | undefined;
  for (const command of commands) {
    const words = command.name.split(' ');
    const matches = words.every((word, i) => argv[i] === word);
    if (matches && (!best || words.length > best.name.split(' ').length)) best = command;
  }
  return best;
}

export async function runCli(argv: readonly string[], io: CliIo, commands = COMMANDS): Promise<number> {
  // Set by context.progress (a closure): typed wide so the finally below does not read it as null.
  let progress = null as Progress | null;
  const out = (line: string) => {
    progress?.end();
    io.stdout.write(`${line}\n`);
  };
  const err = (line: string) => {
    progress?.end();
    io.stderr.write(`${line}\n`);
  };

  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h') {
    out(usage(commands));
    return argv.length === 0 ? 1 : 0;
  }
  const command = findCommand(argv, commands);
  if (!command) {
    err(`error: unknown command ${JSON.stringify(argv.join(' '))}`);
    err(usage(commands));
    return 1;
  }

  let opened: OpenedDatabase | undefined;
  try {
    let args: CliArgs;
    try {
      const parsed = parseArgs({
        args: argv.slice(command.name.split(' ').length) as string[],
        options: command.options ?? {},
        allowPositionals: true,
        strict: true,
      });
      args = { positionals: parsed.positionals, values: parsed.values };
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const positionals =
      typeof command.positionals === 'function' ? command.positionals(args.values) : command.positionals;
    if (args.positionals.length !== positionals.length) {
      const missing = positionals.slice(args.positionals.length);
      throw new UsageError(
        missing.length > 0
          ? `missing ${missing.join(', ')}`
          : `unexpected argument ${JSON.stringify(args.positionals[positionals.length])}`,
      );
    }

    const env = parseEnv(io.env);
    const cwd = io.cwd ?? process.cwd();
    const context: CliContext = {
      env: io.env,
      dbPath: env.DB_PATH,
      resolvePath: (path) => resolve(cwd, path),
      out,
      err,
      progress(quiet) {
        progress = new Progress({ stream: io.stderr, now: io.now ?? (() => performance.now()), quiet });
        return progress;
      },
      async database(options) {
        if (opened) return opened;
        if (env.DB_PATH !== ':memory:') {
          if (options?.mustExist && !existsSync(env.DB_PATH)) {
            throw new Error(
              `there is no database at ${env.DB_PATH} (set DB_PATH, or import a timetable first)`,
            );
          }
          mkdirSync(dirname(env.DB_PATH), { recursive: true });
        }
        opened = openDatabase(env.DB_PATH);
        await migrateToLatest(opened.kysely);
        return opened;
      },
    };
    return await command.run(context, args);
  } catch (error) {
    err(`error: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof UsageError) err(`usage: pnpm cli ${command.name} ${command.synopsis}`);
    return 1;
  } finally {
    progress?.end();
    if (opened) {
      await opened.kysely.destroy();
    }
  }
}

class UsageError extends Error {}
