// The one SMTP connection pool the e-mail channels share, and the rule that tells a refused message from a failed
// attempt.
import { createTransport } from 'nodemailer';
import type { NodemailerError, SMTPPoolOptions, SMTPPoolSentMessageInfo, Transporter } from 'nodemailer';
import { PermanentDeliveryError } from '../types';

export type Mailer = Transporter<SMTPPoolSentMessageInfo, SMTPPoolOptions>;

export interface MailerOptions {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
  smtpUrl: string;
  /** The longest one send may take; the worker's lease on a delivery is twice this. */
  sendTimeoutMs: number;
}

export function createMailer({ smtpUrl, sendTimeoutMs }: MailerOptions): Mailer {
  const mailer = createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 5,
    connectionTimeout: sendTimeoutMs,
    greetingTimeout: sendTimeoutMs,
    socketTimeout: sendTimeoutMs,
    dnsTimeout: sendTimeoutMs,
  });
  // The timeouts above each bound one wait, not their sum: a slow connect, then a slow greeting, then a server that
  // trickles its replies (or a message requeued after a dropped connection) could add up past the lease, and a
  // second worker would then send the same lead while this one is still at it. One deadline per send, counted from
  // when it is handed over (queueing in the pool included), keeps the whole send inside the lease.
  mailer.use('compile', (mail, done) => {
    const deadline = sendDeadline(sendTimeoutMs);
    const given = mail.data.signal;
    mail.data.signal = given === undefined ? deadline : AbortSignal.any([given, deadline]);
    done();
  });
  return mailer;
}

function sendDeadline(timeoutMs: number): AbortSignal {
  const controller = new AbortController();
  // The reason becomes the cause of nodemailer's EABORT error, so the stored failure says what happened.
  const timer = setTimeout(() => {
    controller.abort(new Error(`The SMTP send did not finish within ${timeoutMs} ms`));
  }, timeoutMs);
  // A finished send leaves the timer behind; it must not keep a shutting-down process alive.
  timer.unref();
  return controller.signal;
}

/**
 * What to throw for a failed send: a PermanentDeliveryError when the server refused the message with a permanent
 * SMTP reply (5xx, e.g. 550 no such mailbox), so the delivery is marked dead at once; the error itself otherwise
 * (connection refused, a timeout, 4xx greylisting or a full mailbox), so it is retried.
 *
 * 503 "bad sequence of commands" counts as transient, as nodemailer's own `permanent` flag has it: it speaks of the
 * session's state, not of the message, and a fresh connection gets past it.
 */
export function classifySmtpError(error: unknown): unknown {
  // Read by shape, not instanceof: socket errors come from Node's realm, which under jest is not the test's.
  if (typeof error !== 'object' || error === null) return error;
  const { responseCode, permanent, response } = error as NodemailerError;
  if (responseCode === undefined) return error;
  const isPermanent = permanent ?? (responseCode >= 500 && responseCode < 600 && responseCode !== 503);
  if (!isPermanent) return error;
  return new PermanentDeliveryError(`The SMTP server refused the message: ${response ?? String(responseCode)}`, {
    cause: error,
  });
}
