// Drives many concurrent contact-form posts at one or more servers and keeps, per post, what the server answered,
// so a test (or `npm run load:forms`) can check that every acknowledged post is a stored row.

export interface FormLoadOptions {
  /** Servers to post to; post i goes to urls[i % urls.length]. */
  urls: readonly string[];
  total: number;
  concurrency: number;
  /** Makes the e-mail addresses of this run unique: `${tag}-${i}@example.com`. */
  tag: string;
  /** Called after every answer (or failed request), e.g. to kill a server or stop the database mid-load. */
  onProgress?: (progress: FormLoadResult) => void;
  /** Per-request time limit. */
  timeoutMs?: number;
}

export interface FormLoadResult {
  sent: number;
  /** E-mails of the posts answered 2xx: each must be a stored row. */
  acknowledged: Set<string>;
  /** For each post answered 2xx, when its answer had arrived in full (performance.now(), this process's clock). */
  acknowledgedAt: Map<string, number>;
  /** Answers by HTTP status. */
  statuses: Map<number, number>;
  /** Requests that got no answer (refused, reset, timed out). */
  noAnswer: number;
  /** Distinct bodies of the answers that were not 2xx, e.g. the 503's error text. */
  failureBodies: Set<string>;
  /** Milliseconds per answered request, in the order they completed. */
  latencies: number[];
  /** When the first post was sent (performance.now()). */
  startedAt: number;
  durationMs: number;
}

export function contactPost(email: string): string {
  return new URLSearchParams({
    'form-name': 'home-contact',
    fullname: 'Load Test',
    email,
    organization: 'Load test',
    'project-description': 'A load-test submission; safe to delete.',
    'subscribe-updates': 'on',
    'bot-field': '',
  }).toString();
}

/** Posts one contact form to the server at `baseUrl` the way the site's script does, and resolves with the answer. */
export function postContact(baseUrl: string, email: string, timeoutMs = 30_000): Promise<Response> {
  return fetch(`${baseUrl}/`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: contactPost(email),
    signal: AbortSignal.timeout(timeoutMs),
  });
}

export async function runFormLoad(options: FormLoadOptions): Promise<FormLoadResult> {
  const result: FormLoadResult = {
    sent: 0,
    acknowledged: new Set(),
    acknowledgedAt: new Map(),
    statuses: new Map(),
    noAnswer: 0,
    failureBodies: new Set(),
    latencies: [],
    startedAt: performance.now(),
    durationMs: 0,
  };
  const started = result.startedAt;
  let next = 0;

  const worker = async () => {
    for (;;) {
      const index = next;
      if (index >= options.total) return;
      next += 1;
      const email = `${options.tag}-${String(index)}@example.com`;
      const url = options.urls[index % options.urls.length] ?? '';
      result.sent += 1;
      const requestStarted = performance.now();
      try {
        const response = await postContact(url, email, options.timeoutMs);
        const body = await response.text();
        const answered = performance.now();
        result.latencies.push(answered - requestStarted);
        result.statuses.set(response.status, (result.statuses.get(response.status) ?? 0) + 1);
        if (response.ok) {
          result.acknowledged.add(email);
          result.acknowledgedAt.set(email, answered);
        } else result.failureBodies.add(body);
      } catch {
        // Refused or cut off (a killed server): never acknowledged, so nothing is promised for it.
        result.noAnswer += 1;
      }
      options.onProgress?.(result);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, () => worker()));
  result.durationMs = performance.now() - started;
  return result;
}
