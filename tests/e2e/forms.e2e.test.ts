// The forms end to end: a visitor's message reaches the real SQLite file behind the real server,
// with JavaScript and without it, and the newsletter shows each of its states.
import path from 'node:path';
import Database from 'better-sqlite3';
import { useBrowser, visit } from './support/browser';
import { readServerState } from './support/state';

const CONTACT_SUCCESS = 'Thank you for your message! We will get back to you soon.';
const NEWSLETTER_SUCCESS = "Thanks for subscribing! We'll keep you updated with the latest news.";

const browser = useBrowser();

interface StoredSubmission {
  form_name: string;
  fields: string;
  spam: number;
}

/** The rows the running server stored, read from its database file (WAL: safe while it runs). */
function storedSubmissions(): { formName: string; fields: Record<string, unknown>; spam: number }[] {
  const state = readServerState();
  if (!state) throw new Error('The e2e server state is missing');
  const db = new Database(path.join(state.tempDir, 'site.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('select form_name, fields, spam from submissions').all() as StoredSubmission[];
    return rows.map((row) => ({
      formName: row.form_name,
      fields: JSON.parse(row.fields) as Record<string, unknown>,
      spam: row.spam,
    }));
  } finally {
    db.close();
  }
}

const uniqueEmail = (label: string) => `${label}.${String(Date.now())}@example.org`;

describe('Contact form', () => {
  it('stores a message sent from the home page and thanks the visitor', async () => {
    const { page, problems } = await browser.open();
    await visit(page, '/');
    const email = uniqueEmail('home');
    const form = page.locator('#connect form');
    await form.getByLabel('Full name').fill('Avery Quinn');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Organization').fill('Harbor Logistics');
    await form.getByLabel('Tell us about your project').fill('Service Cloud for 40 agents.');
    await form.getByRole('button', { name: 'Send message' }).click();

    await page.getByText(CONTACT_SUCCESS, { exact: true }).waitFor();
    expect(await form.getByLabel('Full name').inputValue()).toBe('');

    const row = storedSubmissions().find((submission) => submission.fields.email === email);
    expect(row).toMatchObject({
      formName: 'home-contact',
      spam: 0,
      fields: { fullname: 'Avery Quinn', organization: 'Harbor Logistics' },
    });
    expect(problems()).toEqual([]);
  });

  it('works without JavaScript: the post is stored and the contact page confirms it', async () => {
    const { page } = await browser.open({ javaScriptEnabled: false });
    await page.goto('/contact');
    const email = uniqueEmail('nojs');
    await page.getByLabel('Full name').fill('Jordan Lee');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send message' }).click();

    await page.waitForURL(/\/contact\?sent=1#message-sent$/);
    expect(await page.getByText(CONTACT_SUCCESS, { exact: true }).isVisible()).toBe(true);
    expect(storedSubmissions().some((submission) => submission.fields.email === email)).toBe(true);
  });

  it('keeps what the visitor typed and says so when the server cannot take the message', async () => {
    const { page } = await browser.open({ ignore: [/500|problem submitting/i] });
    await visit(page, '/contact');
    await page.route('**/', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '{}' }) : route.fallback(),
    );
    await page.getByLabel('Full name').fill('Sam Rivera');
    await page.getByLabel('Email').fill(uniqueEmail('failure'));
    await page.getByRole('button', { name: 'Send message' }).click();

    await page
      .getByRole('alert')
      .filter({ hasText: 'Oops! There was a problem submitting your form. Please try again later.' })
      .waitFor();
    expect(await page.getByLabel('Full name').inputValue()).toBe('Sam Rivera');
  });
});

describe('Newsletter', () => {
  it("shows 'Subscribing...' while the request runs, then the thanks, and stores the address", async () => {
    const { page, problems } = await browser.open();
    await visit(page, '/blog');
    // Hold the post briefly so the in-between state can be seen.
    await page.route('**/', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await new Promise((resolve) => setTimeout(resolve, 600));
      return route.continue();
    });
    const email = uniqueEmail('news');
    await page.getByRole('textbox', { name: /email/i }).fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();

    const busy = page.getByRole('button', { name: 'Subscribing...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await page.getByText(NEWSLETTER_SUCCESS, { exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: /email/i }).inputValue()).toBe('');

    const row = storedSubmissions().find((submission) => submission.fields.email === email);
    expect(row?.formName).toBe('blog-newsletter');
    expect(problems()).toEqual([]);
  });
});
