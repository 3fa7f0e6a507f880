// A light SMTP server on 127.0.0.1 for load runs. It accepts every message, notes when its DATA stream ended and
// reads only the few headers a run matches leads by, so what is measured is the site's delivery, not a MIME parser
// (tests/support/smtp.ts parses every message in full, as a mail client would, for the tests).
//
// It runs on a worker thread: on the load script's own thread, busy with a hundred HTTP clients, each SMTP reply
// waited its turn behind them and the site's sends crawled while the posts were coming in, which measured the load
// script rather than the site. Receipt times are taken on the worker and handed back on the main thread's
// performance.now() clock.
import path from 'node:path';
import { parentPort, Worker } from 'node:worker_threads';
import { SMTPServer } from 'smtp-server';

export interface SunkMail {
  /** performance.now() of the calling thread when the message's DATA stream ended (the final '.'). */
  receivedAt: number;
  /** Lower-case address of the Reply-To header; '' when there is none. */
  replyTo: string;
  messageId: string;
  leadKey: string;
  envelopeTo: string[];
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:{port}` */
  url: string;
  /** In the order they arrived. */
  messages: SunkMail[];
  /** Resolves true once `count` messages have arrived, false when `timeoutMs` passes first. */
  waitForMessages(count: number, timeoutMs: number): Promise<boolean>;
  stop(): Promise<void>;
}

/** What the worker reports; receipt times in process.hrtime nanoseconds, one clock for every thread. */
type SinkReport =
  { type: 'listening'; port: number } | { type: 'mail'; mail: Omit<SunkMail, 'receivedAt'> & { receivedAtNs: bigint } };

/** Enough to hold any header block nodemailer writes; the body is counted, not kept. */
const headerLimit = 64 * 1024;
const projectRoot = path.resolve(__dirname, '../..');

/** Starts the SMTP server on a worker thread; resolves once it listens. */
export async function startSmtpSink(): Promise<SmtpSink> {
  // The worker runs this file's serveSmtpSink() through ts-node, as the load script itself runs.
  const worker = new Worker(
    `require('ts-node').register({ project: ${JSON.stringify(path.join(projectRoot, 'tsconfig.json'))} });
     require(${JSON.stringify(__filename)}).serveSmtpSink();`,
    { eval: true },
  );
  // hrtime and performance.now() both count from fixed points of one monotonic clock: one offset converts.
  const offsetMs = performance.now() - Number(process.hrtime.bigint()) / 1e6;
  const messages: SunkMail[] = [];
  const waiters = new Set<() => void>();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  const port = await new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    void exited.then(() => reject(new Error('The SMTP sink worker exited before it listened')));
    worker.on('message', (report: SinkReport) => {
      if (report.type === 'listening') {
        worker.off('error', reject);
        resolve(report.port);
        return;
      }
      const { receivedAtNs, ...mail } = report.mail;
      messages.push({ ...mail, receivedAt: Number(receivedAtNs) / 1e6 + offsetMs });
      for (const wake of waiters) wake();
    });
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });

  return {
    url: `smtp://127.0.0.1:${String(port)}`,
    messages,
    waitForMessages(count, timeoutMs) {
      if (messages.length >= count) return Promise.resolve(true);
      return new Promise((resolve) => {
        const finish = (arrived: boolean) => {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(arrived);
        };
        const timer = setTimeout(() => finish(false), timeoutMs);
        const wake = () => {
          if (messages.length >= count) finish(true);
        };
        waiters.add(wake);
      });
    },
    async stop() {
      worker.postMessage('stop');
      const killer = setTimeout(() => void worker.terminate(), 2_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/**
 * The worker's side: listens on a free port of 127.0.0.1 and reports every message to the main thread. Called by
 * name from the worker's own source (startSmtpSink), which knip cannot see.
 * @public
 */
export function serveSmtpSink(): void {
  const port = parentPort;
  if (port === null) throw new Error('serveSmtpSink() runs on the worker thread startSmtpSink() starts');
  const report = (message: SinkReport) => port.postMessage(message);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < headerLimit && !head.includes('\r\n\r\n')) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const receivedAtNs = process.hrtime.bigint();
        const headers = parseHeaders(head);
        report({
          type: 'mail',
          mail: {
            receivedAtNs,
            replyTo: addressOf(headers.get('reply-to') ?? ''),
            messageId: headers.get('message-id') ?? '',
            leadKey: headers.get('x-lead-key') ?? '',
            envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
          },
        });
        callback();
      });
    },
  });
  // A dropped connection (a replica stopped mid-session) is not a failure of the run.
  server.on('error', () => undefined);
  const listening = server.listen(0, '127.0.0.1', () => {
    const address = listening.address();
    report({ type: 'listening', port: typeof address === 'object' && address !== null ? address.port : 0 });
  });
  port.on('message', () => {
    // 'stop': close, then let the thread end.
    server.close(() => port.close());
  });
}

/** The header block's fields by lower-case name (the first of each), folded lines joined. */
function parseHeaders(raw: string): Map<string, string> {
  const end = raw.indexOf('\r\n\r\n');
  const block = (end === -1 ? raw : raw.slice(0, end)).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

/** `"Name" <a@b.c>` or `a@b.c` → `a@b.c`. */
function addressOf(value: string): string {
  const bracketed = /<([^<>]*)>\s*$/.exec(value);
  return (bracketed?.[1] ?? value).trim().toLowerCase();
}
