// From a form post to a person, through the real app over HTTP: the outbox, the delivery worker and every channel,
// against a real SMTP server and real HTTP receivers on 127.0.0.1.
import { loadLeadsConfig, type LeadsConfig } from '../../../../src/server/config';
import { verifyWebhookSignature } from '../../../../src/server/leads/channels/webhook';
import { newsletterMessages } from '../../../../src/server/routes/newsletter';
import { startReceiver, type TestReceiver } from '../../../support/httpReceiver';
import { startSmtp, type ReceivedMail, type TestSmtpServer } from '../../../support/smtp';
import { buildTestApp, formBody, type TestApp } from '../support/apiApp';

const webhookSecret = 'test-webhook-secret-0123456789';
const salesforceOrg = '00D5g000001abcdEAA';

let smtp: TestSmtpServer;
let webhook: TestReceiver;
let salesforce: TestReceiver;
let api: TestApp | undefined;

beforeEach(async () => {
  smtp = await startSmtp();
  webhook = await startReceiver();
  salesforce = await startReceiver();
});

afterEach(async () => {
  await api?.close();
  api = undefined;
  await Promise.all([smtp.stop(), webhook.close(), salesforce.close()]);
});

/** Every channel on, pointed at the local receivers, with retries in milliseconds instead of minutes. */
function allChannels(overrides: Partial<LeadsConfig> = {}): LeadsConfig {
  return {
    ...loadLeadsConfig({
      SMTP_URL: smtp.url,
      LEADS_EMAIL_TO: 'owner@meridian.example',
      LEADS_EMAIL_FROM: 'Meridian website <leads@meridian.example>',
      LEADS_WEBHOOK_URL: webhook.url,
      LEADS_WEBHOOK_SECRET: webhookSecret,
      SALESFORCE_ORG_ID: salesforceOrg,
      SALESFORCE_WEB_TO_LEAD_URL: salesforce.url,
    }),
    retryFirstMs: 100,
    retryMaxMs: 400,
    sendTimeoutMs: 2000,
    ...overrides,
  };
}

async function startApp(
  leads: LeadsConfig | undefined,
  extra: Parameters<typeof buildTestApp>[0] = {},
): Promise<TestApp> {
  api = await buildTestApp({ leads, leadsPollMs: 50, siteUrl: 'https://www.meridian.example', ...extra });
  return api;
}

const ada = {
  'form-name': 'home-contact',
  fullname: 'Ada King Lovelace',
  email: 'ada@example.com',
  phone: '+1 919 555 0100',
  organization: 'Analytical Engines',
  'project-description': 'We need Sales Cloud by spring.',
  'subscribe-updates': 'on',
};

function post(app: TestApp, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return app.request({
    method: 'POST',
    url: '/',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
    payload: formBody(fields),
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a contact post', () => {
  it('reaches the owner once by e-mail, once by signed webhook and once as a Salesforce lead', async () => {
    const app = await startApp(allChannels());
    const response = await post(app, ada, { referer: `${app.baseUrl}/contact?program=admin-cert` });
    expect(response.statusCode).toBe(200);

    const [mail] = await smtp.waitForMessages(1);
    const [hook] = await webhook.waitForRequests(1);
    const [lead] = await salesforce.waitForRequests(1);
    await sleep(300);
    expect(smtp.messages).toHaveLength(1);
    expect(webhook.requests).toHaveLength(1);
    expect(salesforce.requests).toHaveLength(1);

    expect(mail?.subject).toBe('New enquiry from Ada King Lovelace (Analytical Engines)');
    expect(mail?.envelope.to).toEqual(['owner@meridian.example']);
    expect(mail?.replyTo?.value[0]?.address).toBe('ada@example.com');
    expect(mail?.text).toContain('+1 919 555 0100');
    expect(mail?.text).toContain('We need Sales Cloud by spring.');
    expect(mail?.text).toContain('/contact?program=admin-cert');

    const body = hook?.body ?? '';
    const signature = String(hook?.headers['x-meridian-signature']);
    expect(verifyWebhookSignature({ header: signature, body, secret: webhookSecret })).toBe(true);
    const payload = JSON.parse(body) as { leadKey: string; fields: Record<string, unknown> };
    expect(payload.fields).toMatchObject({ fullname: 'Ada King Lovelace', email: 'ada@example.com' });
    // One key for the lead, in the e-mail's Message-ID and the webhook's header alike.
    expect(hook?.headers['idempotency-key']).toBe(payload.leadKey);
    expect(mail?.messageId).toContain(payload.leadKey);

    const form = new URLSearchParams(lead?.body);
    expect(Object.fromEntries(form)).toMatchObject({
      oid: salesforceOrg,
      first_name: 'Ada King',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: '+1 919 555 0100',
      company: 'Analytical Engines',
      lead_source: 'Web',
    });
    expect(form.get('description')).toContain('We need Sales Cloud by spring.');
    expect(form.get('description')).toContain('Subscribe to updates: yes');

    const inbox = await app.app.storage.searchSubmissions({ spam: 'include', limit: 5, offset: 0 });
    await waitFor(async () => (await app.app.storage.findSubmission(inbox.rows[0]?.id ?? 0))?.delivery === 'delivered');
  });

  it('never delivers a honeypot post or one over the rate limit', async () => {
    const app = await startApp(allChannels(), { formsRateLimitMax: 2 });
    expect((await post(app, { ...ada, 'bot-field': 'http://spam.example' })).statusCode).toBe(200);
    expect((await post(app, ada)).statusCode).toBe(200);
    expect((await post(app, { ...ada, email: 'third@example.com' })).statusCode).toBe(429);
    await smtp.waitForMessages(1);
    await sleep(500);
    expect(smtp.messages.map((mail) => mail.replyTo?.value[0]?.address)).toEqual(['ada@example.com']);
    expect(webhook.requests).toHaveLength(1);
  });

  it('is only stored when no channel is configured', async () => {
    const app = await startApp(undefined);
    expect((await post(app, ada)).statusCode).toBe(200);
    const inbox = await app.app.storage.searchSubmissions({ spam: 'include', limit: 5, offset: 0 });
    expect(inbox.rows[0]?.delivery).toBe('none');
  });

  it('waits out an SMTP server that is down, then arrives once', async () => {
    await smtp.stop();
    const app = await startApp(allChannels());
    expect((await post(app, ada)).statusCode).toBe(200);
    const id = (await app.app.storage.searchSubmissions({ spam: 'include', limit: 1, offset: 0 })).rows[0]?.id ?? 0;
    await waitFor(async () => {
      const email = (await app.app.storage.findSubmission(id))?.deliveries.find((d) => d.channel === 'email');
      return (email?.attempts ?? 0) >= 2 && email?.status === 'pending';
    });
    await smtp.start();
    await smtp.waitForMessages(1);
    await waitFor(async () => (await app.app.storage.findSubmission(id))?.delivery === 'delivered');
    await sleep(600);
    expect(smtp.messages).toHaveLength(1);
  });

  it('marks a delivery dead when the receiver refuses it, and delivers it when retried from the inbox', async () => {
    webhook.respondWith(400);
    const app = await startApp(allChannels());
    expect((await post(app, ada)).statusCode).toBe(200);
    const id = (await app.app.storage.searchSubmissions({ spam: 'include', limit: 1, offset: 0 })).rows[0]?.id ?? 0;
    await waitFor(async () => (await app.app.storage.findSubmission(id))?.delivery === 'dead');
    const dead = (await app.app.storage.findSubmission(id))?.deliveries.find((d) => d.status === 'dead');
    expect(dead).toMatchObject({ channel: 'webhook', attempts: 1 });
    expect(dead?.lastError).toMatch(/400/);

    webhook.respondWith(204);
    await app.app.storage.retryDelivery(dead?.id ?? 0, Date.now() + 60_000);
    await waitFor(async () => (await app.app.storage.findSubmission(id))?.delivery === 'delivered');
    expect(webhook.requests).toHaveLength(2);
    // The retry is the same lead: same key.
    expect(webhook.requests[1]?.headers['idempotency-key']).toBe(webhook.requests[0]?.headers['idempotency-key']);
  });

  it('gives up on a receiver that keeps failing once the give-up time has passed', async () => {
    webhook.respondWith(503);
    const app = await startApp(allChannels({ giveUpMs: 700 }));
    expect((await post(app, ada)).statusCode).toBe(200);
    const id = (await app.app.storage.searchSubmissions({ spam: 'include', limit: 1, offset: 0 })).rows[0]?.id ?? 0;
    await waitFor(async () => (await app.app.storage.findSubmission(id))?.delivery === 'dead');
    const hook = (await app.app.storage.findSubmission(id))?.deliveries.find((d) => d.channel === 'webhook');
    expect(hook?.attempts).toBeGreaterThanOrEqual(3);
    expect(hook?.lastError).toMatch(/503/);
  });
});

describe('a newsletter sign-up', () => {
  async function signUp(app: TestApp, email: string) {
    const response = await post(app, { 'form-name': 'blog-newsletter', email });
    expect(response.statusCode).toBe(200);
  }

  function confirmLink(text: string | undefined): URL {
    const confirm = /https:\/\/www\.meridian\.example\/newsletter\/confirm\?token=[\w.-]+/.exec(text ?? '')?.[0];
    if (confirm === undefined) throw new Error(`no confirmation link in:\n${String(text)}`);
    return new URL(confirm);
  }

  /** A header's value as sent (mailparser turns List-* headers into objects). */
  function rawHeader(mail: ReceivedMail | undefined, name: string): string {
    const line = mail?.headerLines.find((header) => header.key === name)?.line ?? '';
    return line
      .slice(line.indexOf(':') + 1)
      .replace(/\r?\n\s+/g, ' ')
      .trim();
  }

  const confirmPath = (url: URL) => `${url.pathname}${url.search}`;

  it('asks the address to confirm, and counts it only once confirmed, through a link that works once', async () => {
    const app = await startApp(allChannels());
    await signUp(app, 'Reader@Example.com');
    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.envelope.to.map((address) => address.toLowerCase())).toEqual(['reader@example.com']);
    expect(rawHeader(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    await expect(app.app.storage.countSubscribers()).resolves.toEqual({ confirmed: 0, pending: 1 });
    // The webhook and Salesforce hear of leads, not of sign-ups.
    expect(webhook.requests).toHaveLength(0);

    const confirm = confirmLink(mail?.text);
    // Opening the link changes nothing (a mail scanner opens every link); the button does.
    const page = await app.request({ url: confirmPath(confirm) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Confirm my subscription');
    await expect(app.app.storage.countSubscribers()).resolves.toEqual({ confirmed: 0, pending: 1 });

    const token = confirm.searchParams.get('token') ?? '';
    const press = () =>
      app.request({
        method: 'POST',
        url: '/newsletter/confirm',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: formBody({ token }),
      });
    const first = await press();
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Thanks for subscribing! We&#39;ll keep you updated with the latest news.');
    await expect(app.app.storage.countSubscribers()).resolves.toEqual({ confirmed: 1, pending: 0 });
    const second = await press();
    expect(second.statusCode).toBe(410);
    expect(second.body).toContain(newsletterMessages.used);

    const tampered = await app.request({
      method: 'POST',
      url: `/newsletter/confirm?token=${token.slice(0, -2)}xx`,
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.body).toContain(newsletterMessages.invalid);
  });

  it('unsubscribes with one click from the mail client (RFC 8058), and frees the address', async () => {
    const app = await startApp(allChannels());
    await signUp(app, 'leaver@example.com');
    const [mail] = await smtp.waitForMessages(1);
    const unsubscribe = /<(.+)>/.exec(rawHeader(mail, 'list-unsubscribe'))?.[1] ?? '';
    const url = new URL(unsubscribe);
    expect(url.origin).toBe('https://www.meridian.example');

    const oneClick = await app.request({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain(newsletterMessages.unsubscribed);
    await expect(app.app.storage.countSubscribers()).resolves.toEqual({ confirmed: 0, pending: 0 });

    // The address may sign up again, and is asked again.
    await signUp(app, 'leaver@example.com');
    await smtp.waitForMessages(2);
  });

  it('does not mail an address twice when it is typed in again before confirming', async () => {
    const app = await startApp(allChannels());
    await signUp(app, 'twice@example.com');
    await signUp(app, 'TWICE@example.com');
    await smtp.waitForMessages(1);
    await sleep(500);
    expect(smtp.messages).toHaveLength(1);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(50);
  }
}
