import { type CliCommand, type CliIo, runCli } from '../src/cli/commands.ts';

/** What one run of the command line gave: its exit code and everything it printed. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `pnpm cli <argv>` in this process, as the real entry point does but with its output
 * captured: env (DB_PATH names the database file), cwd for relative file arguments, and the
 * commands (all of them unless a test swaps some, e.g. for a scripted password prompt). The
 * clock stands still unless a test gives one (`now`): a slow machine prints no progress lines.
 */
export async function runCliCaptured(
  argv: readonly string[],
  io: Pick<CliIo, 'env' | 'cwd' | 'now'>,
  commands?: readonly CliCommand[],
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(
    argv,
    {
      now: () => 0,
      ...io,
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
    },
    commands,
  );
  return { code, stdout, stderr };
}
