// `npm run load:leads [-- --leads N | --smoke]`: for each backend (the SQLite file, then a PostgreSQL server it
// starts), two server replicas share one database and one SMTP server started here, and take N contact-form posts
// (default 1,000; --smoke: 200) from 100 concurrent clients split between them. Waits for the owner's e-mails, then
// prints leads/s stored and the lead-to-inbox latency (e-mail received − the post's 200), and fails when a post
// failed, a lead got no e-mail or more than one, or the p95 latency is over 5 s.
import { nearestRank } from '../src/server/routes/metrics';
import type { StorageKind } from '../src/server/storage';
import type { ServerBuild } from '../tests/integration/server/support/builtServer';
import { runFormLoad, type FormLoadResult } from '../tests/integration/server/support/formLoad';
import {
  forEachBackend,
  replicaEnv,
  storedContacts,
  withReplicas,
  type BackendTarget,
  type StoredContacts,
} from './support/loadBackends';
import { startSmtpSink, type SunkMail } from './support/smtpSink';

const connections = 100;
const replicaCount = 2;
const ownerAddress = 'owner@example.test';
/** How long the e-mails may take to arrive after the last post was answered. */
const arrivalTimeoutMs = 120_000;
/** How long to keep listening after the last expected e-mail, for duplicates. */
const duplicateWindowMs = 2_000;
const p95TargetMs = 5_000;

function leadsToSend(argv: readonly string[], env: NodeJS.ProcessEnv): number {
  const flag = argv.indexOf('--leads');
  const given = flag === -1 ? env.LOAD_LEADS_TOTAL : argv[flag + 1];
  if (argv.includes('--smoke') && given === undefined) return 200;
  if (given === undefined || given === '') return 1000;
  const total = /^\d+$/.test(given) ? Number(given) : Number.NaN;
  if (!Number.isSafeInteger(total) || total < 1) throw new Error(`--leads must be a positive integer; got "${given}".`);
  return total;
}

const total = leadsToSend(process.argv.slice(2), process.env);

interface Figures {
  backend: StorageKind;
  result: FormLoadResult;
  stored: StoredContacts;
  messages: SunkMail[];
  /** Milliseconds from the last 200 until the expected number of e-mails had arrived; null when they never did. */
  arrivedAfterMs: number | null;
  /** Each replica's output (warnings and errors). */
  logs: string[];
}

async function measure(backend: StorageKind, build: ServerBuild, target: BackendTarget): Promise<boolean> {
  const inbox = await startSmtpSink();
  try {
    const env = {
      ...replicaEnv(target),
      SMTP_URL: inbox.url,
      LEADS_EMAIL_TO: ownerAddress,
      // Only the e-mail channel, whatever the calling shell has set.
      LEADS_WEBHOOK_URL: '',
      SALESFORCE_ORG_ID: '',
      DIST_DIR: '/nonexistent-dist',
    };
    const figures = await withReplicas(build, env, replicaCount, async (replicas) => {
      const result = await runFormLoad({
        urls: replicas.map((replica) => replica.baseUrl),
        total,
        concurrency: connections,
        tag: `leads-${backend}`,
      });
      const postingEnded = performance.now();
      const arrived = await inbox.waitForMessages(result.acknowledged.size, arrivalTimeoutMs);
      const arrivedAfterMs = arrived ? performance.now() - postingEnded : null;
      await new Promise((resolve) => setTimeout(resolve, duplicateWindowMs));
      const stored = await storedContacts(target);
      return {
        backend,
        result,
        stored,
        messages: [...inbox.messages],
        arrivedAfterMs,
        logs: replicas.map((replica) => replica.output()),
      };
    });
    return report(figures);
  } finally {
    await inbox.stop();
  }
}

interface Matching {
  /** Lead e-mail → the messages received for it. */
  byLead: Map<string, SunkMail[]>;
  /** Messages that name no lead of this run. */
  unmatched: SunkMail[];
}

/** Matches each message to its lead by Reply-To, or else by an X-Lead-Key another message of that lead carried. */
function matchMessages(leads: Iterable<string>, messages: readonly SunkMail[]): Matching {
  const byLead = new Map<string, SunkMail[]>();
  for (const lead of leads) byLead.set(lead.toLowerCase(), []);
  const leadOfKey = new Map<string, string>();
  for (const message of messages) {
    if (message.leadKey !== '' && byLead.has(message.replyTo)) leadOfKey.set(message.leadKey, message.replyTo);
  }
  const unmatched: SunkMail[] = [];
  for (const message of messages) {
    const lead = byLead.has(message.replyTo) ? message.replyTo : leadOfKey.get(message.leadKey);
    const list = lead === undefined ? undefined : byLead.get(lead);
    if (list === undefined) unmatched.push(message);
    else list.push(message);
  }
  return { byLead, unmatched };
}

function report({ backend, result, stored, messages, arrivedAfterMs, logs }: Figures): boolean {
  const ok = result.acknowledged.size;
  const answers = [...result.acknowledgedAt.values()];
  const lastAnswer = answers.length === 0 ? result.startedAt : Math.max(...answers);
  const storingSeconds = (lastAnswer - result.startedAt) / 1000;
  const lastMail = messages.reduce((last, message) => Math.max(last, message.receivedAt), result.startedAt);
  const mailingSeconds = (lastMail - result.startedAt) / 1000;
  const others = [...result.statuses.entries()].filter(([status]) => status < 200 || status >= 300);

  // Every lead that was sent may have been stored (a post can be stored and its answer lost), so every sent lead is
  // matched; only the acknowledged ones have a 200 to measure from.
  const { byLead, unmatched } = matchMessages(
    [...result.acknowledged, ...stored.rows.map((row) => String(row.fields.email ?? ''))],
    messages,
  );
  const lost = [...byLead.entries()].filter(([, received]) => received.length === 0).map(([lead]) => lead);
  let resent = 0;
  let distinctExtra = 0;
  for (const received of byLead.values()) {
    if (received.length < 2) continue;
    const ids = new Set(received.map((message) => message.messageId));
    // The same Message-ID again: one delivery sent twice. Another Message-ID: a second delivery for the lead.
    resent += received.length - ids.size;
    distinctExtra += ids.size - 1;
  }
  const duplicated = resent + distinctExtra;
  const latencies = [...result.acknowledgedAt.entries()]
    .flatMap(([lead, answeredAt]) => {
      const first = (byLead.get(lead.toLowerCase()) ?? [])[0];
      return first === undefined ? [] : [first.receivedAt - answeredAt];
    })
    .sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const p95 = latencies.length === 0 ? Number.NaN : nearestRank(latencies, 95);
  const wrongRecipient = messages.filter(
    (message) => message.envelopeTo.length !== 1 || message.envelopeTo[0] !== ownerAddress,
  ).length;

  const lines: [string, string][] = [
    ['leads sent', String(result.sent)],
    ['answered 2xx', String(ok)],
    [
      'other answers',
      others.length === 0 ? 'none' : others.map(([status, n]) => `${String(n)} × ${String(status)}`).join(', '),
    ],
    ['no answer', String(result.noAnswer)],
    ['stored', String(stored.rows.length)],
    ['leads/s stored', `${(ok / storingSeconds).toFixed(0)} (${storingSeconds.toFixed(2)} s to the last 200)`],
    ['e-mails received', String(messages.length)],
    [
      'e-mails/s',
      messages.length === 0 ? 'n/a' : `${(messages.length / mailingSeconds).toFixed(0)} (first post to last e-mail)`,
    ],
    [
      'all arrived after',
      arrivedAfterMs === null
        ? `not within ${String(arrivalTimeoutMs / 1000)} s`
        : `${ms(arrivedAfterMs)} after the last 200`,
    ],
    ['lost', String(lost.length)],
    [
      'duplicated',
      `${String(duplicated)} (${String(resent)} same Message-ID, ${String(distinctExtra)} another Message-ID)`,
    ],
    ['unmatched e-mails', String(unmatched.length + wrongRecipient)],
    [
      'deliveries',
      `${String(stored.deliveries.delivered)} delivered, ${String(stored.deliveries.pending)} pending, ` +
        `${String(stored.deliveries.dead)} dead, ${String(stored.deliveries.none)} without`,
    ],
    [
      'latency p50/p95/max',
      latencies.length === 0
        ? 'n/a'
        : `${ms(nearestRank(latencies, 50))} / ${ms(p95)} / ${ms(latencies[latencies.length - 1] ?? Number.NaN)}` +
          ` (min ${ms(latencies[0] ?? Number.NaN)})`,
    ],
  ];
  console.log(
    `\n${backend}: ${String(total)} leads, ${String(connections)} concurrent, ${String(replicaCount)} replicas, ` +
      'one SMTP server',
  );
  for (const [label, value] of lines) console.log(`  ${label.padEnd(20)} ${value}`);
  printLogSummary(logs);

  const failures: string[] = [];
  if (ok !== total) failures.push(`${String(total - ok)} of ${String(total)} posts were not answered 2xx`);
  if (stored.rows.length !== ok) failures.push(`${String(stored.rows.length)} rows stored for ${String(ok)} leads`);
  if (lost.length > 0)
    failures.push(`${String(lost.length)} leads lost (no e-mail), e.g. ${lost.slice(0, 3).join(', ')}`);
  if (duplicated > 0) failures.push(`${String(duplicated)} duplicate e-mails`);
  if (unmatched.length + wrongRecipient > 0) {
    failures.push(`${String(unmatched.length + wrongRecipient)} e-mails not for one lead of this run to the owner`);
  }
  if (!(p95 <= p95TargetMs)) failures.push(`p95 latency ${ms(p95)} is over the ${ms(p95TargetMs)} target`);
  if (failures.length === 0) {
    console.log('  OK: every lead stored once and e-mailed once, p95 within target.');
    return true;
  }
  for (const failure of failures) console.log(`  FAIL: ${failure}`);
  logs.forEach((log, index) => {
    const excerpt = log
      .trimEnd()
      .split('\n')
      .filter((line) => !expectedWarnings.has(logMessage(line)))
      .slice(-10)
      .map((line) => `    ${line.length > 400 ? `${line.slice(0, 400)}…` : line}`)
      .join('\n');
    console.log(`  replica ${String(index + 1)} log (last 10 lines):\n${excerpt === '' ? '    (nothing)' : excerpt}`);
  });
  return false;
}

/** What every replica of a load run logs at start: it is given no site build (DIST_DIR), on purpose. */
const expectedWarnings = new Set([
  'Cannot read the build manifest (it does not exist); the CSP will allow no inline scripts.',
  'The site build directory does not exist; every page will answer 404. Run the build first.',
]);

/** The `msg` of a JSON log line, or the line itself. */
function logMessage(line: string): string {
  try {
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed === 'object' && parsed !== null && 'msg' in parsed && typeof parsed.msg === 'string') {
      return parsed.msg;
    }
  } catch {
    // Not JSON: a stack trace or a line from Node itself.
  }
  return line;
}

/** The replicas' warnings and errors (LOG_LEVEL=warn), counted by message. */
function printLogSummary(logs: readonly string[]): void {
  const counts = new Map<string, number>();
  for (const line of logs.flatMap((log) => log.split('\n'))) {
    if (line.trim() === '') continue;
    const message = logMessage(line);
    if (!expectedWarnings.has(message)) counts.set(message, (counts.get(message) ?? 0) + 1);
  }
  if (counts.size === 0) {
    console.log(`  ${'server warnings'.padEnd(20)} none`);
    return;
  }
  for (const [message, count] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
    const text = message.length > 200 ? `${message.slice(0, 200)}…` : message;
    console.log(`  ${'server warning'.padEnd(20)} ${String(count)} × ${text}`);
  }
}

async function main(): Promise<void> {
  const passed = await forEachBackend(measure);
  if (!passed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
