import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/env';
import { type Database, openDatabase } from '../db/client';
import { ensureStaffUser } from '../modules/accounts/service';

const USAGE =
  'Usage: pnpm --filter server admin:create --username NAME [--superuser] [--password P]';

export interface AdminCreateIo {
  /** Asks for the password without echoing it; undefined when there is no terminal. */
  askPassword(): Promise<string | undefined>;
  print(line: string): void;
}

/** Creates a staff user (or superuser). Returns the process exit code. */
export async function adminCreate(
  argv: string[],
  db: Database,
  io: AdminCreateIo,
): Promise<number> {
  let values: { username?: string; password?: string; superuser?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        username: { type: 'string' },
        password: { type: 'string' },
        superuser: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    io.print(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const username = values.username?.trim();
  if (!username) {
    io.print(`--username is required.\n${USAGE}`);
    return 2;
  }
  const password = values.password ?? (await io.askPassword());
  if (password === undefined) {
    io.print('No terminal to ask for the password: pass --password.');
    return 2;
  }
  if (password.length < 6) {
    io.print('Password must be at least 6 characters long');
    return 2;
  }
  const { created } = await ensureStaffUser(db, {
    username,
    password,
    superuser: values.superuser,
  });
  if (!created) {
    io.print(`A user named "${username}" already exists; nothing changed.`);
    return 1;
  }
  io.print(`Created ${values.superuser ? 'superuser' : 'staff user'} "${username}".`);
  return 0;
}

function askHidden(question: string): Promise<string | undefined> {
  if (!process.stdin.isTTY) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    // Echo nothing while the password is typed.
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    let prompted = false;
    output._writeToOutput = (text) => {
      if (!prompted) {
        process.stdout.write(text);
        prompted = true;
      }
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    process.exitCode = await adminCreate(process.argv.slice(2), database.db, {
      askPassword: async () => {
        const first = await askHidden('Password: ');
        if (first === undefined) return undefined;
        const second = await askHidden('Password (again): ');
        if (first !== second) {
          console.error('Passwords do not match');
          process.exit(2);
        }
        return first;
      },
      print: (line) => console.log(line),
    });
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error('admin:create failed:', error);
    process.exit(1);
  });
}
