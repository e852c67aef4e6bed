import { runCli } from './commands.ts';

// pnpm runs `pnpm cli` from the repository root; INIT_CWD is where the user typed it, so
// relative file arguments mean what they expect.
process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.env.INIT_CWD ?? process.cwd(),
});

// For `pnpm bench`: the command's peak memory, as the kernel counted it (no /usr/bin/time needed).
if (process.env.CLI_REPORT_PEAK_RSS === '1') {
  process.stderr.write(`peak RSS: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB\n`);
}
