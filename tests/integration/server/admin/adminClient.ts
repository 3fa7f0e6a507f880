// The admin inbox as its owner's browser uses it: a cookie jar, same-origin posts carrying the page's CSRF token,
// over real HTTP to the real app.
import { hashPassword } from '../../../../src/server/admin/password';
import type { AppOptions } from '../../../../src/server/app';
import type { NewSubmission, Storage } from '../../../../src/server/storage';
import { buildTestApp, formBody, type TestApp, type TestResponse } from '../support/apiApp';

export const ownerPassword = 'correct horse battery';

let hash: Promise<string> | undefined;
/** scrypt at full cost takes a moment: one hash for the whole file. */
export const ownerPasswordHash = (): Promise<string> => (hash ??= hashPassword(ownerPassword));

/**
 * The app with the inbox on. The delivery worker polls once an hour, so deliveries a test puts in the outbox stay
 * as the test leaves them (no channel is configured: a worker would mark them all dead).
 */
export async function startAdminApp(overrides: Partial<AppOptions> = {}): Promise<TestApp> {
  return buildTestApp({ adminPasswordHash: await ownerPasswordHash(), leadsPollMs: 3_600_000, ...overrides });
}

export interface PostOptions {
  /** The Origin header; the app's own by default, as a browser sends it. `null` leaves it out. */
  origin?: string | null;
  headers?: Record<string, string>;
  /** The page's token by default; `null` leaves it out. */
  csrf?: string | null;
}

export class AdminClient {
  readonly cookies = new Map<string, string>();
  /** The CSRF token of the last page read. */
  token: string | undefined;

  constructor(
    private readonly app: TestApp,
    private readonly localAddress?: string,
  ) {}

  async get(url: string): Promise<TestResponse> {
    const response = await this.app.request({ url, headers: this.cookieHeader(), localAddress: this.localAddress });
    this.remember(response);
    return response;
  }

  async post(url: string, fields: Record<string, string> = {}, options: PostOptions = {}): Promise<TestResponse> {
    const origin = options.origin === undefined ? this.app.baseUrl : options.origin;
    const csrf = options.csrf === undefined ? this.token : options.csrf;
    const response = await this.app.request({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(origin === null ? {} : { origin }),
        ...this.cookieHeader(),
        ...options.headers,
      },
      payload: formBody(csrf === null || csrf === undefined ? fields : { ...fields, _csrf: csrf }),
      localAddress: this.localAddress,
    });
    this.remember(response);
    return response;
  }

  /** Opens the sign-in page and sends the password with its token. */
  async signIn(password = ownerPassword): Promise<TestResponse> {
    await this.get('/admin/login');
    return this.post('/admin/login', { password });
  }

  /** Signs in and fails the test unless it worked; leaves the client on the inbox. */
  async signedIn(): Promise<this> {
    const response = await this.signIn();
    if (response.statusCode !== 303) throw new Error(`Sign-in answered ${String(response.statusCode)}`);
    await this.get('/admin');
    return this;
  }

  private cookieHeader(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }

  private remember(response: TestResponse): void {
    for (const header of setCookies(response)) {
      const [pair = ''] = header.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      if (value === '' || /max-age=0\b/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const token = /name="_csrf" value="([^"]+)"/.exec(response.body)?.[1];
    if (token !== undefined) this.token = token;
  }
}

export function setCookies(response: TestResponse): string[] {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : header;
}

/** Text of the page: tags dropped, entities decoded, whitespace collapsed, to assert what the owner reads. */
export function pageText(response: TestResponse): string {
  return response.body
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The rows of the first table on the page, each as its cells' text. */
export function tableRows(response: TestResponse): string[][] {
  const table = /<tbody>([\s\S]*?)<\/tbody>/.exec(response.body)?.[1] ?? '';
  return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) =>
      pageText({ body: cell[1] ?? '' } as TestResponse),
    ),
  );
}

let sequence = 0;

/** A contact-form lead as the form route stores it, with deliveries on `channels` unless told otherwise. */
export function buildLead(overrides: Partial<NewSubmission> = {}): NewSubmission {
  sequence += 1;
  return {
    form: 'home-contact',
    fields: {
      fullname: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+1 919 555 0100',
      organization: 'Analytical Engines',
      'project-description': 'Sales Cloud for 40 agents.',
      'subscribe-updates': false,
      'sms-consent': false,
    },
    spam: false,
    receivedAt: new Date(Date.UTC(2026, 2, 1, 9, 0, sequence)).toISOString(),
    ipHash: 'a'.repeat(64),
    userAgent: 'jest',
    dedupeKey: null,
    outbox: { leadKey: `lead-key-${String(sequence)}`, channels: ['webhook'], giveUpAt: Date.now() + 60_000 },
    ...overrides,
  };
}

/** Stores the leads and resolves with their ids, in the order given. */
export async function storeLeads(storage: Storage, leads: readonly NewSubmission[]): Promise<number[]> {
  await storage.insertSubmissions(leads);
  const page = await storage.searchSubmissions({ spam: 'include', limit: 10_000, offset: 0 });
  // A server's start clears the IP hashes of leads past their 30 days (these are dated March 2026), and on PostgreSQL
  // that can land between the insert and this read: a stored lead may already have '' for its hash.
  const matches = (row: { receivedAt: string; ipHash: string }, lead: NewSubmission) =>
    row.receivedAt === lead.receivedAt && (row.ipHash === lead.ipHash || row.ipHash === '');
  return leads.map((lead) => {
    const row = page.rows.find((candidate) => matches(candidate, lead));
    if (row === undefined) throw new Error(`Lead received at ${lead.receivedAt} was not stored`);
    return row.id;
  });
}

/** Claims the due deliveries and marks them dead, as the worker does after its last attempt; resolves with their ids. */
export async function killDueDeliveries(storage: Storage): Promise<number[]> {
  const claimed = await storage.claimDeliveries({ limit: 100, leaseMs: 60_000 });
  for (const delivery of claimed) {
    await storage.settleDelivery(delivery.id, delivery.claimId, { status: 'dead', error: 'HTTP 500 from the hook' });
  }
  return claimed.map((delivery) => delivery.id);
}
