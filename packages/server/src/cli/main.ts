import { runCli } from './commands.ts';

// pnpm runs `pnpm cli` from the repository root; INIT_CWD is where the user typed it, so
// relative file arguments mean what they expect.
process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.env.INIT_CWD ?? process.cwd(),
});
