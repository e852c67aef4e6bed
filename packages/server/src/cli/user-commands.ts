import { ADMIN_ROLE, KNOWN_ROLES } from '../auth/authorize.ts';
import {
  addUser,
  assertNewUsername,
  changePassword,
  checkRole,
  listUsers,
  removeUser,
  signOutUser,
  unlockUser,
} from '../services/users.ts';
import type { CliCommand, CliContext } from './commands.ts';

/** Asks for a password; `confirm` asks twice where someone is typing. */
export type PasswordReader = (context: CliContext, prompt: string, confirm: boolean) => Promise<string>;

/**
 * The password comes from stdin so it never shows in the shell history or the process list:
 * piped (`echo pw | pnpm cli user add bob`), the first line is used; at a terminal it is typed
 * without echo, twice.
 */
export const readPasswordFromStdin: PasswordReader = async (context, prompt, confirm) => {
  const { stdin } = process;
  if (!stdin.isTTY) return firstLine(await readAll(stdin));
  const password = await readHidden(prompt);
  if (confirm && (await readHidden('Repeat the password: ')) !== password) {
    throw new Error('the two passwords differ');
  }
  context.err('');
  return password;
};

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').replace(/\r$/, '');
}

/** One line from the terminal without echoing it (raw mode: Enter ends, Backspace edits, Ctrl-C aborts). */
function readHidden(prompt: string): Promise<string> {
  const { stdin, stderr } = process;
  stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (data: Buffer) => {
      for (const ch of data.toString('utf8')) {
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003') return finish(new Error('cancelled'));
        if (ch === '\u007f' || ch === '\b') typed = [...typed].slice(0, -1).join('');
        else typed += ch;
      }
    };
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

function username(positionals: readonly string[]): string {
  return positionals[0] ?? '';
}

/** `pnpm cli user ...`: who may sign in to the admin board. */
export function createUserCommands(readPassword: PasswordReader = readPasswordFromStdin): CliCommand[] {
  return [
    {
      name: 'user add',
      synopsis: '<username> [--role ROLE]',
      summary: `add a user (password from stdin; role ${ADMIN_ROLE} unless --role ${KNOWN_ROLES.join('|')})`,
      options: { role: { type: 'string' } },
      positionals: ['username'],
      async run(context, { positionals, values }) {
        const name = username(positionals);
        const role = checkRole(typeof values.role === 'string' ? values.role : ADMIN_ROLE);
        const { kysely: db } = await context.database();
        await assertNewUsername(db, name);
        const password = await readPassword(context, `Password for ${name}: `, true);
        const user = await addUser(db, name, password, [role]);
        context.out(`added user ${user.username} (${user.roles.join(', ')})`);
        return 0;
      },
    },
    {
      name: 'user passwd',
      synopsis: '<username>',
      summary: 'set a user password (from stdin)',
      positionals: ['username'],
      async run(context, { positionals }) {
        const name = username(positionals);
        const { kysely: db } = await context.database({ mustExist: true });
        const password = await readPassword(context, `New password for ${name}: `, true);
        await changePassword(db, name, password);
        context.out(`changed the password of ${name}`);
        return 0;
      },
    },
    {
      name: 'user list',
      synopsis: '',
      summary: 'list the users and their roles',
      positionals: [],
      async run(context) {
        const { kysely: db } = await context.database({ mustExist: true });
        const users = await listUsers(db);
        if (users.length === 0) context.out('no users');
        const width = Math.max(8, ...users.map((u) => u.username.length));
        for (const user of users) {
          context.out(
            `${user.username.padEnd(width)}  ${user.roles.join(',').padEnd(20)}  created ${user.createdAt}`,
          );
        }
        return 0;
      },
    },
    {
      name: 'user remove',
      synopsis: '<username>',
      summary: 'remove a user (their sign-ins stop working at once)',
      positionals: ['username'],
      async run(context, { positionals }) {
        const name = username(positionals);
        const { kysely: db } = await context.database({ mustExist: true });
        await removeUser(db, name);
        context.out(`removed user ${name}`);
        return 0;
      },
    },
    {
      name: 'user signout',
      synopsis: '<username>',
      summary: 'end every sign-in of a user at once (they must sign in again)',
      positionals: ['username'],
      async run(context, { positionals }) {
        const name = username(positionals);
        const { kysely: db } = await context.database({ mustExist: true });
        await signOutUser(db, name);
        context.out(`signed ${name} out everywhere`);
        return 0;
      },
    },
    {
      name: 'user unlock',
      synopsis: '<username>',
      summary: 'lift the sign-in limit of an account after too many wrong passwords',
      positionals: ['username'],
      async run(context, { positionals }) {
        const name = username(positionals);
        const { kysely: db } = await context.database({ mustExist: true });
        const forgotten = await unlockUser(db, name);
        context.out(
          forgotten === 0
            ? `${name} was not locked`
            : `unlocked ${name} (forgot ${forgotten} wrong passwords)`,
        );
        return 0;
      },
    },
  ];
}

export const userCommands = createUserCommands();
