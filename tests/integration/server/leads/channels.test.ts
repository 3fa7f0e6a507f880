import { randomUUID } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { createConfirmationChannel, listUnsubscribeHeaders } from '../../../../src/server/leads/channels/confirmation';
import { createEmailChannel } from '../../../../src/server/leads/channels/email';
import { createMailer, type Mailer } from '../../../../src/server/leads/channels/mailer';
import { createSalesforceChannel, webToLeadFields } from '../../../../src/server/leads/channels/salesforce';
import {
  createWebhookChannel,
  signWebhookBody,
  verifyWebhookSignature,
} from '../../../../src/server/leads/channels/webhook';
import { PermanentDeliveryError, type LeadMessage } from '../../../../src/server/leads/types';
import { startReceiver, type TestReceiver } from '../../../support/httpReceiver';
import { startSmtp, type ReceivedMail, type TestSmtpServer } from '../../../support/smtp';

let sequence = 0;

/** A stored contact-form lead, as the outbox hands it to a channel; fields override one by one. */
function buildLead(fields: LeadMessage['fields'] = {}, overrides: Partial<Omit<LeadMessage, 'fields'>> = {}) {
  sequence += 1;
  return {
    submissionId: 40 + sequence,
    form: 'home-contact',
    receivedAt: '2026-11-25T09:30:00.000Z',
    leadKey: randomUUID(),
    ...overrides,
    fields: {
      fullname: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
      organization: 'Analytical Engines',
      'project-description': 'Move our sales team to Sales Cloud.',
      'subscribe-updates': true,
      'sms-consent': false,
      'came-from': '/contact?program=admin-cert&plan=premium&source=training',
      ...fields,
    },
  } satisfies LeadMessage;
}

const ownerAddress = 'leads@meridian.example';
const siteAddress = 'website@meridian.example';

/** Every raw header line of one name, as a mail client would read them. */
function headerLinesNamed(mail: ReceivedMail, name: string): string[] {
  return mail.headerLines.filter((line) => line.key === name).map((line) => line.line);
}

/** A port nothing listens on: taken, then released. */
async function closedPortUrl(path = '/hook'): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}${path}`;
}

describe('the e-mail channels', () => {
  let smtp: TestSmtpServer;
  let mailer: Mailer;

  beforeEach(async () => {
    smtp = await startSmtp();
    mailer = createMailer({ smtpUrl: smtp.url, sendTimeoutMs: 2000 });
  });

  afterEach(async () => {
    mailer.close();
    await smtp.stop();
  });

  const ownerEmail = () =>
    createEmailChannel({
      transporter: mailer,
      to: ownerAddress,
      from: siteAddress,
      siteUrl: 'https://www.meridian.example',
    });

  describe("the owner's notification", () => {
    it('names the visitor and their organisation, lists every field with its label, and replies to the visitor', async () => {
      const lead = buildLead();
      await ownerEmail().send(lead);

      const [mail] = await smtp.waitForMessages(1);
      expect(mail!.subject).toBe('New enquiry from Ada Lovelace (Analytical Engines)');
      expect(mail!.envelope.to).toEqual([ownerAddress]);
      expect(mail!.from!.value).toEqual([{ name: '', address: siteAddress }]);
      expect(mail!.replyTo!.value).toEqual([{ name: 'Ada Lovelace', address: 'ada@example.com' }]);
      expect(mail!.headers.get('x-lead-key')).toBe(lead.leadKey);
      const text = mail!.text!;
      for (const line of [
        'Full name: Ada Lovelace',
        'Email address: ada@example.com',
        'Phone number: +44 20 7946 0000',
        'Organization: Analytical Engines',
        'Project description: Move our sales team to Sales Cloud.',
        'Subscribe to updates: yes',
        'SMS consent: no',
        'Came from: /contact?program=admin-cert&plan=premium&source=training',
        'Programme: admin-cert',
        'Plan: premium',
        'Source: training',
        'Received: 2026-11-25T09:30:00.000Z',
        `Submission: #${lead.submissionId}`,
      ]) {
        expect(text.split('\n')).toContain(line);
      }
    });

    it('says "(not given)" for what the visitor left empty, and leaves the organisation out of the subject', async () => {
      await ownerEmail().send(
        buildLead({
          phone: '',
          organization: '',
          'project-description': '',
          'subscribe-updates': false,
          'came-from': '/',
        }),
      );

      const [mail] = await smtp.waitForMessages(1);
      expect(mail!.subject).toBe('New enquiry from Ada Lovelace');
      const lines = mail!.text!.split('\n');
      expect(lines).toContain('Phone number: (not given)');
      expect(lines).toContain('Organization: (not given)');
      expect(lines).toContain('Project description: (not given)');
      expect(lines).toContain('Subscribe to updates: no');
      expect(lines).toContain('Came from: /');
      expect(lines.some((line) => line.startsWith('Programme:'))).toBe(false);
    });

    it('keeps a multi-line project description under its label, where it cannot pass for another field', async () => {
      await ownerEmail().send(
        buildLead({ 'project-description': 'Two things:\nEmail address: boss@evil.test\nand a data migration.' }),
      );

      const [mail] = await smtp.waitForMessages(1);
      const lines = mail!.text!.split('\n');
      expect(lines).toContain('Project description:');
      expect(lines).toContain('  Email address: boss@evil.test');
      expect(lines.filter((line) => line.startsWith('Email address:'))).toEqual(['Email address: ada@example.com']);
    });

    it('sends a retry of the same lead with the same Message-ID, so the mailbox shows one message', async () => {
      const lead = buildLead();
      const channel = ownerEmail();
      await channel.send(lead);
      await channel.send(lead);
      await channel.send(buildLead());

      const [first, retry, other] = await smtp.waitForMessages(3);
      expect(first!.messageId).toBe(`<${lead.leadKey}@www.meridian.example>`);
      expect(retry!.messageId).toBe(first!.messageId);
      expect(other!.messageId).not.toBe(first!.messageId);
    });

    it('lets no header or recipient in through a name typed with a line break', async () => {
      await ownerEmail().send(
        buildLead({ fullname: 'Eve\r\nBcc: x@evil.test', organization: 'Evil\nCc: y@evil.test' }),
      );

      const [mail] = await smtp.waitForMessages(1);
      expect(mail!.envelope.to).toEqual([ownerAddress]);
      expect(headerLinesNamed(mail!, 'bcc')).toEqual([]);
      expect(headerLinesNamed(mail!, 'cc')).toEqual([]);
      expect(mail!.subject).toBe('New enquiry from Eve Bcc: x@evil.test (Evil Cc: y@evil.test)');
      expect(mail!.replyTo!.value).toEqual([{ name: 'Eve Bcc: x@evil.test', address: 'ada@example.com' }]);
    });

    it('gives up at once on an address the server refuses for good (550), and retries one it defers (450)', async () => {
      smtp.refuseRecipients(550);
      const refused = ownerEmail().send(buildLead());
      await expect(refused).rejects.toBeInstanceOf(PermanentDeliveryError);
      await expect(refused).rejects.toThrow(/550/);

      smtp.refuseRecipients(450);
      const deferred = ownerEmail().send(buildLead());
      await expect(deferred).rejects.toThrow(/450/);
      await expect(deferred).rejects.not.toBeInstanceOf(PermanentDeliveryError);
      expect(smtp.messages).toEqual([]);
    });

    it('fails for a retry while the SMTP server is down, and delivers once it is back', async () => {
      const lead = buildLead();
      await smtp.stop();

      const whileDown = ownerEmail().send(lead);
      await expect(whileDown).rejects.toThrow();
      await expect(whileDown).rejects.not.toBeInstanceOf(PermanentDeliveryError);

      await smtp.start();
      await ownerEmail().send(lead);
      const [mail] = await smtp.waitForMessages(1);
      expect(mail!.subject).toBe('New enquiry from Ada Lovelace (Analytical Engines)');
    });

    it('gives up on a server that stalls mid-send within the send timeout, well inside the lease', async () => {
      const sendTimeoutMs = 400;
      const impatient = createMailer({ smtpUrl: smtp.url, sendTimeoutMs });
      smtp.hang(true);
      const started = Date.now();
      try {
        const stalled = createEmailChannel({
          transporter: impatient,
          to: ownerAddress,
          from: siteAddress,
          siteUrl: 'https://www.meridian.example',
        }).send(buildLead());
        await expect(stalled).rejects.toThrow();
        await expect(stalled).rejects.not.toBeInstanceOf(PermanentDeliveryError);
        expect(Date.now() - started).toBeLessThan(2 * sendTimeoutMs);
      } finally {
        smtp.hang(false);
        impatient.close();
      }
    });
  });

  describe('the newsletter confirmation', () => {
    const links = (message: LeadMessage) =>
      Promise.resolve({
        confirmUrl: `https://www.meridian.example/newsletter/confirm?token=c-${message.leadKey}`,
        unsubscribeUrl: `https://www.meridian.example/newsletter/unsubscribe?token=u-${message.leadKey}`,
      });
    const confirmation = () =>
      createConfirmationChannel({ transporter: mailer, from: siteAddress, siteName: 'Meridian Cloud', links });

    it('asks the visitor to confirm, with the link, how long it works, and one-click unsubscribe headers', async () => {
      const lead = buildLead();
      await confirmation().send(lead);

      const [mail] = await smtp.waitForMessages(1);
      expect(mail!.envelope.to).toEqual(['ada@example.com']);
      expect(mail!.subject).toBe('Please confirm your subscription to Meridian Cloud insights');
      expect(mail!.text).toContain(`https://www.meridian.example/newsletter/confirm?token=c-${lead.leadKey}`);
      expect(mail!.text).toContain('valid for 7 days');
      expect(mail!.text).toContain('If you did not sign up, ignore this e-mail and nothing happens');
      expect(headerLinesNamed(mail!, 'list-unsubscribe-post')).toEqual([
        'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      ]);
      expect(headerLinesNamed(mail!, 'list-unsubscribe').join('').replace(/\s+/g, ' ')).toBe(
        `List-Unsubscribe: <https://www.meridian.example/newsletter/unsubscribe?token=u-${lead.leadKey}>`,
      );
    });

    it('keeps one Message-ID per lead, not the one of the owner’s notification (both may reach one mailbox)', async () => {
      const lead = buildLead();
      await confirmation().send(lead);
      await confirmation().send(lead);
      await ownerEmail().send(lead);

      const [first, retry, owner] = await smtp.waitForMessages(3);
      expect(first!.messageId).toBe(`<${lead.leadKey}.confirm@www.meridian.example>`);
      expect(retry!.messageId).toBe(first!.messageId);
      expect(owner!.messageId).not.toBe(first!.messageId);
    });

    it('confirms a blog sign-up too, and never writes to a contact who did not tick "subscribe"', async () => {
      await confirmation().send(buildLead({}, { form: 'blog-newsletter' }));
      const unticked = confirmation().send(buildLead({ email: 'nobody@example.com', 'subscribe-updates': false }));
      await expect(unticked).rejects.toBeInstanceOf(PermanentDeliveryError);

      const [mail] = await smtp.waitForMessages(1);
      expect(mail!.envelope.to).toEqual(['ada@example.com']);
      expect(smtp.messages).toHaveLength(1);
    });

    it('gives future newsletter mails the same two headers', () => {
      expect(listUnsubscribeHeaders('https://www.meridian.example/newsletter/unsubscribe?token=abc')).toEqual({
        'List-Unsubscribe': '<https://www.meridian.example/newsletter/unsubscribe?token=abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
    });
  });
});

describe('the webhook', () => {
  const secret = 'whsec-test-6b1f0c';
  let receiver: TestReceiver;

  beforeEach(async () => {
    receiver = await startReceiver();
  });

  afterEach(async () => {
    await receiver.close();
  });

  const webhook = (url = receiver.url) => createWebhookChannel({ url, secret, timeoutMs: 2000 });

  it('posts the lead as JSON a chat hook can show, signed so the receiver can check it with the secret alone', async () => {
    const lead = buildLead();
    await webhook().send(lead);

    const [request] = await receiver.waitForRequests(1);
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/hook');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['idempotency-key']).toBe(lead.leadKey);
    expect(request!.headers['user-agent']).toBe('MeridianSite-Leads/1.0');
    expect(JSON.parse(request!.body)).toEqual({
      event: 'lead.created',
      leadKey: lead.leadKey,
      submissionId: lead.submissionId,
      form: 'home-contact',
      receivedAt: '2026-11-25T09:30:00.000Z',
      fields: lead.fields,
      text: 'New enquiry from Ada Lovelace (Analytical Engines) <ada@example.com>',
    });
    expect(request!.headers['x-meridian-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(
      verifyWebhookSignature({ header: request!.headers['x-meridian-signature'], body: request!.body, secret }),
    ).toBe(true);
  });

  it('has a signature that fails for a changed body, another secret, and a time ten minutes old', async () => {
    await webhook().send(buildLead());
    const [request] = await receiver.waitForRequests(1);
    const header = request!.headers['x-meridian-signature'] as string;
    const body = request!.body;

    expect(verifyWebhookSignature({ header, body: body.replace('Ada', 'Eve'), secret })).toBe(false);
    expect(verifyWebhookSignature({ header, body, secret: 'another-secret' })).toBe(false);

    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const old = signWebhookBody(secret, body, tenMinutesAgo);
    expect(verifyWebhookSignature({ header: old, body, secret })).toBe(false);
    expect(verifyWebhookSignature({ header, body, secret, nowSeconds: Math.floor(Date.now() / 1000) + 600 })).toBe(
      false,
    );
    expect(verifyWebhookSignature({ header: old, body, secret, nowSeconds: tenMinutesAgo + 60 })).toBe(true);
  });

  it('refuses malformed signature headers', () => {
    const body = '{"event":"lead.created"}';
    const good = signWebhookBody(secret, body, Math.floor(Date.now() / 1000));
    const [t, v1] = good.split(',');
    for (const header of [undefined, '', 'garbage', v1!, t!, `${t!},v1=abc`, `${t!},${t!},${v1!}`, `t=x,${v1!}`]) {
      expect(verifyWebhookSignature({ header, body, secret })).toBe(false);
    }
    expect(verifyWebhookSignature({ header: [good], body, secret })).toBe(true);
    expect(verifyWebhookSignature({ header: [good, good], body, secret })).toBe(false);
  });

  it.each([
    [503, 'retried'],
    [429, 'retried'],
    [408, 'retried'],
    [500, 'retried'],
    [400, 'given up'],
    [404, 'given up'],
    [410, 'given up'],
    [301, 'given up'],
  ] as const)('treats an answer of %i as %s', async (status, outcome) => {
    receiver.respondWith(status);
    const sent = webhook().send(buildLead());
    await expect(sent).rejects.toThrow(new RegExp(`HTTP ${status}`));
    if (outcome === 'retried') await expect(sent).rejects.not.toBeInstanceOf(PermanentDeliveryError);
    else await expect(sent).rejects.toBeInstanceOf(PermanentDeliveryError);
  });

  it('retries when nothing listens, or the receiver does not answer in time', async () => {
    const refused = webhook(await closedPortUrl()).send(buildLead());
    await expect(refused).rejects.toThrow(/ECONNREFUSED/);
    await expect(refused).rejects.not.toBeInstanceOf(PermanentDeliveryError);

    // Takes the connection and never answers.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      const slow = createWebhookChannel({ url: `http://127.0.0.1:${port}/hook`, secret, timeoutMs: 200 }).send(
        buildLead(),
      );
      await expect(slow).rejects.toThrow(/no answer within 200 ms/);
      await expect(slow).rejects.not.toBeInstanceOf(PermanentDeliveryError);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('Salesforce Web-to-Lead', () => {
  const orgId = '00D5g000004abcd';

  describe('the lead fields', () => {
    it('splits the name at its last word, and sends what Salesforce requires even when it was left empty', () => {
      const lead = buildLead({ fullname: 'Ada King Lovelace' });
      expect(webToLeadFields(lead, { orgId })).toEqual({
        oid: orgId,
        first_name: 'Ada King',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        phone: '+44 20 7946 0000',
        company: 'Analytical Engines',
        description: [
          'Move our sales team to Sales Cloud.',
          '',
          'Subscribe to updates: yes',
          'SMS consent: no',
          'Came from: /contact?program=admin-cert&plan=premium&source=training',
          'Programme: admin-cert',
          'Plan: premium',
          'Source: training',
          `Lead key: ${lead.leadKey}`,
        ].join('\n'),
        lead_source: 'Web',
      });

      const cher = webToLeadFields(buildLead({ fullname: 'Cher', organization: '', phone: '' }), { orgId });
      expect(cher).not.toHaveProperty('first_name');
      expect(cher).not.toHaveProperty('phone');
      expect(cher.last_name).toBe('Cher');
      expect(cher.company).toBe('[not provided]');
    });

    it('ticks the checkbox fields named in the configuration, and clears them when the visitor did not', () => {
      const options = { orgId, subscribeField: '00N5g000001subs', smsField: '00N5g000001smsc' };
      expect(webToLeadFields(buildLead({ 'subscribe-updates': true, 'sms-consent': false }), options)).toMatchObject({
        '00N5g000001subs': '1',
        '00N5g000001smsc': '0',
      });
      expect(webToLeadFields(buildLead({ 'subscribe-updates': false, 'sms-consent': true }), options)).toMatchObject({
        '00N5g000001subs': '0',
        '00N5g000001smsc': '1',
      });
      expect(Object.keys(webToLeadFields(buildLead(), { orgId })).filter((key) => key.startsWith('00N'))).toEqual([]);
    });

    it('keeps every value within the Lead field lengths, and an address too long for its field whole in the description', () => {
      const longEmail = `${'a'.repeat(90)}@example.com`;
      const fields = webToLeadFields(
        buildLead({
          fullname: `${'F'.repeat(60)} ${'L'.repeat(100)}`,
          organization: 'O'.repeat(300),
          email: longEmail,
          'project-description': 'D'.repeat(40_000),
        }),
        { orgId },
      );
      expect(fields.first_name).toHaveLength(40);
      expect(fields.last_name).toHaveLength(80);
      expect(fields.company).toHaveLength(255);
      expect(fields).not.toHaveProperty('email');
      expect(fields.description!.length).toBeLessThanOrEqual(32_000);
      expect(fields.description).toContain(`Email address: ${longEmail}`);
      expect(fields.description).toMatch(/Lead key: [0-9a-f-]{36}$/);
    });
  });

  describe('the channel', () => {
    let receiver: TestReceiver;

    beforeEach(async () => {
      receiver = await startReceiver();
    });

    afterEach(async () => {
      await receiver.close();
    });

    const salesforce = (url = receiver.url) =>
      createSalesforceChannel({ orgId, url, timeoutMs: 2000, subscribeField: '00N5g000001subs' });

    it('posts the lead as a form, and takes the redirect to retURL as delivered', async () => {
      receiver.respondWith(302);
      const lead = buildLead({ fullname: 'Ada King Lovelace' });
      await salesforce().send(lead);

      const [request] = await receiver.waitForRequests(1);
      expect(request!.method).toBe('POST');
      expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(Object.fromEntries(new URLSearchParams(request!.body))).toEqual(
        webToLeadFields(lead, { orgId, subscribeField: '00N5g000001subs' }),
      );
      expect(receiver.requests).toHaveLength(1);
    });

    it.each([
      [200, 'delivered'],
      [503, 'retried'],
      [429, 'retried'],
      [400, 'given up'],
      [403, 'given up'],
    ] as const)('treats an answer of %i as %s', async (status, outcome) => {
      receiver.respondWith(status);
      const sent = salesforce().send(buildLead());
      if (outcome === 'delivered') {
        await expect(sent).resolves.toBeUndefined();
        return;
      }
      await expect(sent).rejects.toThrow(new RegExp(`HTTP ${status}`));
      if (outcome === 'retried') await expect(sent).rejects.not.toBeInstanceOf(PermanentDeliveryError);
      else await expect(sent).rejects.toBeInstanceOf(PermanentDeliveryError);
    });

    it('retries when Salesforce cannot be reached', async () => {
      const sent = salesforce(await closedPortUrl('/servlet/servlet.WebToLead')).send(buildLead());
      await expect(sent).rejects.toThrow(/ECONNREFUSED/);
      await expect(sent).rejects.not.toBeInstanceOf(PermanentDeliveryError);
    });
  });
});
