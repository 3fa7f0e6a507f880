// `npm run admin:password`: turns the owner's chosen password into the hash the server takes in ADMIN_PASSWORD_HASH.
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { runCommand, UsageError } from '../cli';
import { hashPassword, minimumPasswordLength } from './password';

export interface AdminPasswordIo {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  /** Prompts and errors: stdout carries only the hash, so it can be redirected. */
  stderr: NodeJS.WritableStream;
  /** A person typing (prompt twice, no echo) rather than a pipe (the first line is the password). */
  isTTY: boolean;
}

export const adminPasswordUsage = `Usage: npm run admin:password
       printf '%s\\n' "$PASSWORD" | npm run --silent admin:password

Prints the scrypt hash of a new admin password, for the server's ADMIN_PASSWORD_HASH. On a terminal it asks for
the password twice without showing it; from a pipe it reads the first line. The password itself is stored nowhere.
`;

/** Resolves with the exit code: 0 printed, 1 failed or cancelled, 2 refused (too short, or the two did not match). */
export function runAdminPasswordCli(io: AdminPasswordIo): Promise<number> {
  const print = (stream: NodeJS.WritableStream) => (text: string) => void stream.write(text);
  return runCommand(adminPasswordUsage, { stdout: print(io.stdout), stderr: print(io.stderr) }, async () => {
    const password = await readPassword(io);
    // Characters as a person counts them: an accented letter is one whether typed composed or not.
    if (Array.from(new Intl.Segmenter().segment(password)).length < minimumPasswordLength) {
      throw new UsageError(`The password must be at least ${minimumPasswordLength} characters long.`);
    }
    const hash = await hashPassword(password);
    // Single quotes: the hash is full of $, which a shell or .env loader would otherwise expand.
    return `${hash}\nADMIN_PASSWORD_HASH='${hash}'\n`;
  });
}

async function readPassword(io: AdminPasswordIo): Promise<string> {
  const lines = openLines(io);
  try {
    if (!io.isTTY) {
      const line = await lines.next();
      if (line === null) throw new UsageError('No password was given: stdin was empty.');
      return line;
    }
    const first = await lines.ask('New admin password: ');
    const second = await lines.ask('Same password again: ');
    if (first !== second) throw new UsageError('The two passwords do not match.');
    return first;
  } finally {
    lines.close();
  }
}

function openLines(io: AdminPasswordIo) {
  // On a terminal readline takes the input into raw mode, which turns off the terminal's own echo, and echoes
  // through `output` itself: a sink here, so nothing typed is shown. Prompts go straight to stderr.
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = readline.createInterface({ input: io.stdin, output: sink, terminal: io.isTTY, crlfDelay: Infinity });
  const buffered: string[] = [];
  const waiting: ((line: string | null) => void)[] = [];
  let closed = false;
  rl.on('line', (line) => {
    const reader = waiting.shift();
    if (reader) reader(line);
    else buffered.push(line);
  });
  rl.on('close', () => {
    closed = true;
    for (const reader of waiting.splice(0)) reader(null);
  });
  // In raw mode Ctrl+C reaches readline rather than the process; without a listener it would just pause.
  rl.on('SIGINT', () => rl.close());

  const next = (): Promise<string | null> => {
    const line = buffered.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (closed) return Promise.resolve(null);
    return new Promise((resolve) => waiting.push(resolve));
  };
  return {
    next,
    async ask(prompt: string): Promise<string> {
      io.stderr.write(prompt);
      const line = await next();
      // The Enter key was not echoed either.
      io.stderr.write('\n');
      if (line === null) throw new Error('Cancelled: no password was entered.');
      return line;
    },
    close: () => rl.close(),
  };
}
