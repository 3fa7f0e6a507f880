// A real SMTP server on 127.0.0.1 for tests: it keeps every message it accepts, parsed as a mail client reads it.
import type { AddressObject, HeaderLines, Headers } from 'mailparser';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { SMTPServerError } from 'smtp-server';

export interface ReceivedMail {
  subject: string | undefined;
  text: string | undefined;
  from: AddressObject | undefined;
  to: AddressObject | AddressObject[] | undefined;
  replyTo: AddressObject | undefined;
  messageId: string | undefined;
  /** Lower-case names; address headers parsed. */
  headers: Headers;
  /** The header lines as sent, for what parsing would hide (a header smuggled into another). */
  headerLines: HeaderLines;
  /** Who the server was asked to deliver to, whatever the headers say. */
  envelope: { from: string; to: string[] };
}

export interface TestSmtpServer {
  port: number;
  /** `smtp://127.0.0.1:{port}` */
  url: string;
  messages: ReceivedMail[];
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Stops listening and drops open connections: the SMTP server is down. */
  stop(): Promise<void>;
  /** Listens again on the same port, after stop(). */
  start(): Promise<void>;
  /** While on, takes the connection and the message but never answers the final '.': a server stalled mid-send. */
  hang(on: boolean): void;
  /** While set, refuses every recipient with this reply code (550: no such mailbox, 450: try later). */
  refuseRecipients(responseCode: number | null): void;
}

export async function startSmtp(options: { port?: number } = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let hanging = false;
  let refusal: number | null = null;
  let server: SMTPServer | null = null;

  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // stop() means down now, not after the 30 s smtp-server gives open sessions by default.
      closeTimeout: 100,
      onRcptTo(_address, _session, callback) {
        if (refusal === null) {
          callback();
          return;
        }
        const error: SMTPServerError = new Error(refusal >= 500 ? 'No such mailbox' : 'Mailbox busy, try later');
        error.responseCode = refusal;
        callback(error);
      },
      onData(stream, session, callback) {
        const stalled = hanging;
        const envelope = {
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        };
        simpleParser(stream).then(
          (mail) => {
            if (stalled) return;
            messages.push({
              subject: mail.subject,
              text: mail.text,
              from: mail.from,
              to: mail.to,
              replyTo: mail.replyTo,
              messageId: mail.messageId,
              headers: mail.headers,
              headerLines: mail.headerLines,
              envelope,
            });
            for (const wake of waiters) wake();
            callback();
          },
          (error: unknown) => {
            callback(error instanceof Error ? error : new Error(String(error)));
          },
        );
      },
    });

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const smtp = create();
      smtp.on('error', reject);
      const net = smtp.listen(port, '127.0.0.1', () => {
        smtp.off('error', reject);
        // A dropped test connection is not a test failure; without a listener it would crash the process.
        smtp.on('error', () => undefined);
        server = smtp;
        const address = net.address();
        resolve(typeof address === 'object' && address !== null ? address.port : port);
      });
    });

  const port = await listen(options.port ?? 0);

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitForMessages(count, timeoutMs = 10_000) {
      if (messages.length >= count) return messages;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`Expected ${count} message(s) within ${timeoutMs} ms, got ${messages.length}`));
        }, timeoutMs);
        const wake = () => {
          if (messages.length < count) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
      });
      return messages;
    },
    stop() {
      const running = server;
      server = null;
      if (running === null) return Promise.resolve();
      return new Promise<void>((resolve) => {
        running.close(() => {
          resolve();
        });
      });
    },
    async start() {
      if (server !== null) return;
      await listen(port);
    },
    hang(on) {
      hanging = on;
    },
    refuseRecipients(responseCode) {
      refusal = responseCode;
    },
  };
}
