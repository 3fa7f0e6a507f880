// The admin inbox's pages: plain server-rendered HTML, no script, every interpolated value escaped by `html`.
import { cameFromField, fieldLabels } from '../routes/forms';
import type {
  DeliveryRecord,
  DeliveryState,
  ErasureRecord,
  InboxPage,
  SubmissionDetail,
  SubscriberCounts,
} from '../storage';

/** Markup that is already safe: only `html` makes one, so a plain string can never be inserted unescaped. */
export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

type Interpolation = SafeHtml | string | number | false | null | undefined | readonly Interpolation[];

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${String(character.charCodeAt(0))};`);
}

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return (value as readonly Interpolation[]).map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

export const formOptions = [
  { value: '', label: 'All forms' },
  { value: 'home-contact', label: 'Contact (home-contact)' },
  { value: 'blog-newsletter', label: 'Newsletter (blog-newsletter)' },
] as const;
export const deliveryOptions = [
  { value: '', label: 'Any' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'pending', label: 'Pending' },
  { value: 'dead', label: 'Dead (gave up)' },
  { value: 'none', label: 'None (nothing to send)' },
] as const;
export const spamOptions = [
  { value: 'exclude', label: 'Leave out spam' },
  { value: 'only', label: 'Only spam' },
  { value: 'include', label: 'Include spam' },
] as const;

export interface InboxFilters {
  q: string;
  form: (typeof formOptions)[number]['value'];
  /** YYYY-MM-DD (UTC) or empty. */
  from: string;
  /** YYYY-MM-DD (UTC), inclusive, or empty. */
  to: string;
  delivery: '' | DeliveryState;
  spam: 'exclude' | 'only' | 'include';
}

export const defaultFilters: InboxFilters = { q: '', form: '', from: '', to: '', delivery: '', spam: 'exclude' };

/** The query string of a set of filters, without the defaults, so a plain inbox link stays `/admin`. */
export function filterQuery(filters: InboxFilters, page = 1): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(defaultFilters) as (keyof InboxFilters)[]) {
    if (filters[key] !== defaultFilters[key]) params.set(key, filters[key]);
  }
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/** Labels of the stored fields: the form's own (src/server/routes/forms.ts), and those the server adds. */
const storedFieldLabels: Readonly<Record<string, string>> = {
  ...fieldLabels,
  [cameFromField]: 'Came from',
  'bot-field': 'Honeypot (filled by a bot)',
};

export function fieldLabel(name: string): string {
  const known = storedFieldLabels[name];
  if (known !== undefined) return known;
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words === '' ? name : words.charAt(0).toUpperCase() + words.slice(1);
}

const utcFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `1 Mar 2026, 09:00:05 UTC` in a <time> element; a dash for none. */
export function utcTime(iso: string | null): SafeHtml {
  if (iso === null) return html`<span aria-label="none">—</span>`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return html`${iso}`;
  return html`<time datetime="${date.toISOString()}">${utcFormat.format(date)} UTC</time>`;
}

const styles = `
:root { color-scheme: light; --text: #1b1f24; --muted: #4a525c; --line: #c9ced6; --link: #0a58ca;
  --focus: #0a58ca; --bg-soft: #f3f5f8; --danger: #a4161a; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--text);
  background: #fff; }
a { color: var(--link); }
a:hover { text-decoration-thickness: 2px; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.skip { position: absolute; left: 0.5rem; top: -3rem; padding: 0.5rem 1rem; background: #fff; color: var(--link);
  border: 2px solid var(--focus); z-index: 1; }
.skip:focus { top: 0.5rem; }
header { display: flex; flex-wrap: wrap; gap: 1rem 2rem; align-items: center; padding: 0.75rem 1.5rem;
  border-bottom: 1px solid var(--line); background: var(--bg-soft); }
header .brand { margin: 0; font-weight: 700; }
header nav ul { display: flex; gap: 1.25rem; list-style: none; margin: 0; padding: 0; }
header nav a[aria-current="page"] { font-weight: 700; color: var(--text); }
header form { margin-left: auto; }
main { display: block; max-width: 80rem; padding: 1.5rem; }
main:focus { outline: none; }
h1 { font-size: 1.75rem; margin: 0 0 1rem; }
h2 { font-size: 1.25rem; margin: 2rem 0 0.75rem; }
label { font-weight: 600; }
input, select, button { font: inherit; }
input[type="text"], input[type="search"], input[type="email"], input[type="password"], input[type="date"], select {
  padding: 0.4rem 0.5rem; border: 1px solid #6b7280; border-radius: 4px; color: var(--text); background: #fff; }
button { padding: 0.45rem 1rem; border: 1px solid #083f91; border-radius: 4px; background: var(--link); color: #fff;
  cursor: pointer; }
button:hover { background: #083f91; }
button.secondary { background: #fff; color: var(--link); border-color: var(--link); }
button.secondary:hover { background: var(--bg-soft); }
button.danger { background: var(--danger); border-color: #7a1013; }
button.danger:hover { background: #7a1013; }
.field { display: flex; flex-direction: column; gap: 0.25rem; margin-bottom: 1rem; }
.field input[type="email"] { max-width: 32rem; }
main > form { margin: 1rem 0 1.5rem; }
.check { display: flex; gap: 0.5rem; align-items: flex-start; margin-bottom: 1rem; }
.check input { margin-top: 0.35rem; }
.filters { display: flex; flex-wrap: wrap; gap: 0 1rem; align-items: flex-end; padding: 1rem;
  border: 1px solid var(--line); border-radius: 6px; margin-bottom: 1rem; }
.filters .actions { display: flex; gap: 1rem; align-items: center; margin-bottom: 1rem; }
.toolbar { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: center; margin: 0 0 1rem; }
.toolbar p { margin: 0; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; }
caption { text-align: left; font-weight: 700; padding: 0.5rem 0; }
th, td { text-align: left; vertical-align: top; padding: 0.5rem 0.75rem; border-bottom: 1px solid var(--line); }
thead th { background: var(--bg-soft); }
td.num, th.num { text-align: right; }
.mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.875rem;
  overflow-wrap: anywhere; }
.state { display: inline-block; padding: 0 0.5rem; border-radius: 999px; font-size: 0.875rem; font-weight: 600;
  border: 1px solid currentColor; }
.state-delivered { color: #0f5a2a; background: #e7f4ec; }
.state-pending, .state-sending { color: #6b4200; background: #fff3dc; }
.state-dead { color: #a4161a; background: #fde8e8; }
.state-none { color: var(--muted); background: #fff; }
.muted { color: var(--muted); }
.notice { padding: 0.75rem 1rem; border-left: 4px solid #0f5a2a; background: #e7f4ec; margin: 0 0 1rem; }
.error { padding: 0.75rem 1rem; border-left: 4px solid var(--danger); background: #fde8e8; margin: 0 0 1rem; }
dl.fields { display: grid; grid-template-columns: minmax(10rem, max-content) 1fr; gap: 0.5rem 1.5rem; margin: 0; }
dl.fields dt { font-weight: 600; }
dl.fields dd { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.inline { display: inline; margin: 0; }
.pages { display: flex; gap: 1.5rem; align-items: center; margin-top: 1rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.login { max-width: 24rem; }
`;

/** What every signed-in page needs for its header: the sign-out form's token, and which nav entry is current. */
export interface SignedInLayout {
  csrfToken: string;
  current: 'inbox' | 'erase' | null;
}

interface PageOptions {
  title: string;
  layout?: SignedInLayout;
  body: SafeHtml;
}

function page({ title, layout, body }: PageOptions): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="same-origin" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <title>${title} | Meridian admin</title>
        <style>
          ${new SafeHtml(styles)}
        </style>
      </head>
      <body>
        <a class="skip" href="#main">Skip to main content</a>
        <header>
          <p class="brand">Meridian admin</p>
          ${layout === undefined ? '' : signedInNav(layout)}
        </header>
        <main id="main" tabindex="-1">${body}</main>
      </body>
    </html> `.value;
}

function signedInNav(layout: SignedInLayout): SafeHtml {
  const current = (name: SignedInLayout['current']) => (layout.current === name ? html`aria-current="page"` : '');
  return html`<nav aria-label="Admin">
      <ul>
        <li><a href="/admin" ${current('inbox')}>Inbox</a></li>
        <li><a href="/admin/erase" ${current('erase')}>Erase an address</a></li>
      </ul>
    </nav>
    <form method="post" action="/admin/logout">
      ${csrfField(layout.csrfToken)}
      <button type="submit" class="secondary">Sign out</button>
    </form>`;
}

const csrfField = (token: string): SafeHtml => html`<input type="hidden" name="_csrf" value="${token}" />`;

const alert = (message: string | null | undefined, id = 'form-error'): SafeHtml | '' =>
  message ? html`<p class="error" role="alert" id="${id}">${message}</p>` : '';

const status = (message: string | null | undefined): SafeHtml | '' =>
  message ? html`<p class="notice" role="status">${message}</p>` : '';

export function offPage(): string {
  return page({
    title: 'Admin inbox is off',
    body: html`<h1>The admin inbox is off</h1>
      <p>No admin password is configured on this server, so the inbox is not served.</p>
      <p>
        To turn it on, generate a password hash with <code>npm run admin:password</code>, set it as
        <code>ADMIN_PASSWORD_HASH</code> in the server's environment, and restart the server.
      </p>`,
  });
}

export interface LoginView {
  csrfToken: string;
  error?: string;
  notice?: string;
}

export function loginPage({ csrfToken, error, notice }: LoginView): string {
  const invalid = error === undefined ? '' : html` aria-invalid="true" aria-describedby="password-error"`;
  return page({
    title: 'Sign in',
    body: html`<div class="login">
      <h1>Sign in to the inbox</h1>
      ${status(notice)} ${alert(error, 'password-error')}
      <form method="post" action="/admin/login">
        ${csrfField(csrfToken)}
        <div class="field">
          <label for="password">Password</label>
          <input type="password" id="password" name="password" autocomplete="current-password" required${invalid} />
        </div>
        <button type="submit">Sign in</button>
      </form>
    </div>`,
  });
}

export function tooManyAttemptsPage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return page({
    title: 'Too many sign-in attempts',
    body: html`<h1>Too many sign-in attempts</h1>
      <p role="alert">
        There have been too many sign-in attempts. Please try again later, in about ${minutes}
        ${minutes === 1 ? 'minute' : 'minutes'}.
      </p>`,
  });
}

export function forbiddenPage(reason: string, layout?: SignedInLayout): string {
  return page({
    title: 'Not allowed',
    layout,
    body: html`<h1>That request was refused</h1>
      <p role="alert">${reason}</p>
      <p>
        <a href="${layout === undefined ? '/admin/login' : '/admin'}"
          >${layout === undefined ? 'Go to the sign-in page' : 'Back to the inbox'}</a
        >
      </p>`,
  });
}

export function notFoundPage(layout?: SignedInLayout): string {
  return page({
    title: 'Not found',
    layout,
    body: html`<h1>Not found</h1>
      <p>There is nothing at this address: the submission may have been erased, or the link is mistyped.</p>
      <p><a href="/admin">Back to the inbox</a></p>`,
  });
}

export function errorPage(statusCode: number, message: string, layout?: SignedInLayout): string {
  return page({
    title: statusCode >= 500 ? 'Something went wrong' : 'Bad request',
    layout,
    body: html`<h1>${statusCode >= 500 ? 'Something went wrong' : 'That request could not be handled'}</h1>
      <p role="alert">${message}</p>
      <p><a href="/admin">Back to the inbox</a></p>`,
  });
}

export interface InboxView {
  layout: SignedInLayout;
  filters: InboxFilters;
  result: InboxPage;
  page: number;
  pageCount: number;
  pageSize: number;
  subscribers: SubscriberCounts;
  errors: readonly string[];
}

export function inboxPage(view: InboxView): string {
  const { filters, result } = view;
  const first = result.total === 0 ? 0 : (view.page - 1) * view.pageSize + 1;
  const last = Math.min(result.total, view.page * view.pageSize);
  const summary =
    result.total === 0
      ? 'No submissions match.'
      : `Showing ${String(first)}–${String(last)} of ${String(result.total)} ${
          result.total === 1 ? 'submission' : 'submissions'
        }.`;
  const errorList =
    view.errors.length === 0
      ? ''
      : html`<div class="error" role="alert">
          <p>Some filters were not applied:</p>
          <ul>
            ${view.errors.map((error) => html`<li>${error}</li>`)}
          </ul>
        </div>`;
  return page({
    title: 'Inbox',
    layout: view.layout,
    body: html`<h1>Inbox</h1>
      <div class="toolbar">
        <p>
          ${plural(view.subscribers.confirmed, 'confirmed newsletter subscriber', 'confirmed newsletter subscribers')},
          ${String(view.subscribers.pending)} awaiting confirmation
        </p>
        <p><a href="/admin/export.csv${filterQuery(filters)}">Export CSV</a></p>
        <p><a href="/admin/erase">Erase an address</a></p>
      </div>
      ${errorList}
      <form method="get" action="/admin" class="filters" role="search" aria-label="Filter submissions">
        <div class="field">
          <label for="q">Search</label> <input type="search" id="q" name="q" value="${filters.q}" maxlength="200" />
        </div>
        <div class="field"><label for="form">Form</label> ${select('form', formOptions, filters.form)}</div>
        <div class="field">
          <label for="from">Received from</label> <input type="date" id="from" name="from" value="${filters.from}" />
        </div>
        <div class="field">
          <label for="to">Received to</label> <input type="date" id="to" name="to" value="${filters.to}" />
        </div>
        <div class="field">
          <label for="delivery">Delivery</label> ${select('delivery', deliveryOptions, filters.delivery)}
        </div>
        <div class="field"><label for="spam">Spam</label> ${select('spam', spamOptions, filters.spam)}</div>
        <div class="actions"><button type="submit">Filter</button> <a href="/admin">Clear filters</a></div>
      </form>
      <p role="status">${summary}</p>
      ${result.rows.length === 0 ? '' : inboxTable(result)} ${pager(view)}`,
  });
}

function plural(count: number, one: string, many: string): string {
  return `${String(count)} ${count === 1 ? one : many}`;
}

function select(name: string, options: readonly { value: string; label: string }[], selected: string): SafeHtml {
  return html`<select id="${name}" name="${name}">
    ${options.map(
      (option) =>
        html`<option value="${option.value}" ${option.value === selected ? html`selected` : ''}>
          ${option.label}
        </option>`,
    )}
  </select>`;
}

const text = (value: string | boolean | undefined): string =>
  value === undefined ? '' : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : value;

function stateBadge(state: DeliveryState | DeliveryRecord['status']): SafeHtml {
  return html`<span class="state state-${state}">${state}</span>`;
}

function inboxTable(result: InboxPage): SafeHtml {
  return html`<div class="table-wrap">
    <table>
      <caption>
        Submissions, newest first
      </caption>
      <thead>
        <tr>
          <th scope="col">Received</th>
          <th scope="col">Form</th>
          <th scope="col">Name</th>
          <th scope="col">Email</th>
          <th scope="col">Organization</th>
          <th scope="col">Delivery</th>
          <th scope="col">Spam</th>
        </tr>
      </thead>
      <tbody>
        ${result.rows.map(
          (row) =>
            html`<tr>
              <td><a href="/admin/submissions/${row.id}">${utcTime(row.receivedAt)}</a></td>
              <td>${row.form}</td>
              <td>${text(row.fields.fullname)}</td>
              <td>${text(row.fields.email)}</td>
              <td>${text(row.fields.organization)}</td>
              <td>${stateBadge(row.delivery)}</td>
              <td>${row.spam ? 'Spam' : 'No'}</td>
            </tr> `,
        )}
      </tbody>
    </table>
  </div>`;
}

function pager(view: InboxView): SafeHtml | '' {
  if (view.pageCount <= 1) return '';
  const link = (target: number, label: string, rel: string) =>
    html`<a href="/admin${filterQuery(view.filters, target)}" rel="${rel}">${label}</a>`;
  return html`<nav class="pages" aria-label="Pages">
    ${view.page > 1 ? link(view.page - 1, 'Previous page', 'prev') : ''}
    <span>Page ${view.page} of ${view.pageCount}</span>
    ${view.page < view.pageCount ? link(view.page + 1, 'Next page', 'next') : ''}
  </nav>`;
}

export const detailNotices = {
  retried: 'The delivery is queued again; the worker will send it shortly.',
  'not-dead': 'That delivery was not dead, so nothing was changed.',
  spam: 'Marked as spam.',
  'not-spam': 'Marked as not spam.',
} as const;
export type DetailNotice = keyof typeof detailNotices;

export interface DetailView {
  layout: SignedInLayout;
  submission: SubmissionDetail;
  notice?: DetailNotice;
}

export function detailPage({ layout, submission, notice }: DetailView): string {
  const fields = Object.entries(submission.fields);
  const email = submission.fields.email;
  return page({
    title: `Submission ${String(submission.id)}`,
    layout,
    body: html`<h1>Submission ${submission.id}</h1>
      ${status(notice === undefined ? undefined : detailNotices[notice])}
      <p><a href="/admin">Back to the inbox</a></p>
      <h2 id="fields-heading">Fields</h2>
      <dl class="fields" aria-labelledby="fields-heading">
        ${fields.map(
          ([name, value]) =>
            html`<dt>${fieldLabel(name)}</dt>
              <dd>${text(value) === '' ? notGiven : text(value)}</dd>`,
        )}
      </dl>
      <h2 id="received-heading">Received</h2>
      <dl class="fields" aria-labelledby="received-heading">
        <dt>Form</dt>
        <dd>${submission.form}</dd>
        <dt>Received</dt>
        <dd>${utcTime(submission.receivedAt)}</dd>
        <dt>Spam</dt>
        <dd>${submission.spam ? 'Yes, marked as spam' : 'No'}</dd>
        <dt>IP hash</dt>
        <dd class="mono">${submission.ipHash}</dd>
        <dt>User agent</dt>
        <dd class="mono">${submission.userAgent ?? notGiven}</dd>
      </dl>
      <form method="post" action="/admin/submissions/${submission.id}/spam" class="toolbar">
        ${csrfField(layout.csrfToken)}
        <input type="hidden" name="spam" value="${submission.spam ? 'false' : 'true'}" />
        <button type="submit" class="secondary">${submission.spam ? 'Not spam' : 'Mark as spam'}</button>
      </form>
      ${deliveriesTable(submission, layout.csrfToken)}
      ${
        typeof email === 'string' && email !== ''
          ? html`<h2>Personal data</h2>
              <p>
                <a href="/admin/erase?submission=${submission.id}">Erase this address</a> (every submission, delivery
                and subscription for ${email}).
              </p>`
          : ''
      }`,
  });
}

const notGiven = html`<span class="muted">(not given)</span>`;

function deliveriesTable(submission: SubmissionDetail, csrfToken: string): SafeHtml {
  if (submission.deliveries.length === 0) {
    return html`<h2>Deliveries</h2>
      <p>Nothing was sent for this submission (no channel was configured, or it is spam).</p>`;
  }
  return html`<div class="table-wrap">
    <table>
      <caption>
        <h2 class="inline">Deliveries</h2>
      </caption>
      <thead>
        <tr>
          <th scope="col">Channel</th>
          <th scope="col">Status</th>
          <th scope="col" class="num">Attempts</th>
          <th scope="col">Last error</th>
          <th scope="col">Next attempt</th>
          <th scope="col">Delivered at</th>
          <th scope="col">Idempotency key</th>
          <th scope="col">Action</th>
        </tr>
      </thead>
      <tbody>
        ${submission.deliveries.map(
          (delivery) =>
            html`<tr>
              <td>${delivery.channel}</td>
              <td>${stateBadge(delivery.status)}</td>
              <td class="num">${delivery.attempts}</td>
              <td>${delivery.lastError ?? notGiven}</td>
              <td>${utcTime(delivery.nextAttemptAt)}</td>
              <td>${utcTime(delivery.deliveredAt)}</td>
              <td class="mono">${delivery.idempotencyKey}</td>
              <td>
                ${
                  delivery.status === 'dead'
                    ? html`<form method="post" action="/admin/deliveries/${delivery.id}/retry" class="inline">
                        ${csrfField(csrfToken)}
                        <input type="hidden" name="submission" value="${submission.id}" />
                        <button type="submit">
                          Retry<span class="visually-hidden"> the ${delivery.channel} delivery</span>
                        </button>
                      </form>`
                    : ''
                }
              </td>
            </tr> `,
        )}
      </tbody>
    </table>
  </div>`;
}

export interface EraseView {
  layout: SignedInLayout;
  erasures: readonly ErasureRecord[];
  email?: string;
  error?: string;
  /** The erasure just made, to report its counts. */
  erased?: ErasureRecord;
}

export function erasePage({ layout, erasures, email, error, erased }: EraseView): string {
  const invalid = error === undefined ? '' : html` aria-invalid="true" aria-describedby="erase-error"`;
  return page({
    title: 'Erase an address',
    layout,
    body: html`<h1>Erase an address</h1>
      ${
        erased === undefined
          ? ''
          : status(
              `Erased ${plural(erased.submissions, 'submission', 'submissions')}, ${plural(
                erased.deliveries,
                'delivery',
                'deliveries',
              )} and ${plural(erased.subscriptions, 'newsletter subscription', 'newsletter subscriptions')}.`,
            )
      }
      <p>
        For a request to delete someone's personal data: every submission with this e-mail address (spam included), its
        deliveries and the newsletter subscription are deleted. The log below keeps only a keyed hash of the address, so
        a later question "was this address erased?" can still be answered.
      </p>
      ${alert(error, 'erase-error')}
      <form method="post" action="/admin/erase">
        ${csrfField(layout.csrfToken)}
        <div class="field">
          <label for="email">Email address</label>
          <input
            type="email"
            id="email"
            name="email"
            value="${email ?? ''}"
            autocomplete="off"
            required
            maxlength="254"
            ${invalid}
          />
        </div>
        <div class="check">
          <input type="checkbox" id="confirm" name="confirm" value="yes" required />
          <label for="confirm"
            >I understand this deletes every submission, delivery and subscription for this address and cannot be
            undone</label
          >
        </div>
        <button type="submit" class="danger">Erase</button>
      </form>
      ${erasureLog(erasures)}`,
  });
}

function erasureLog(erasures: readonly ErasureRecord[]): SafeHtml {
  if (erasures.length === 0) {
    return html`<h2>Erasure log</h2>
      <p>No address has been erased yet.</p>`;
  }
  return html`<div class="table-wrap">
    <table>
      <caption>
        <h2 class="inline">Erasure log (last ${erasures.length})</h2>
      </caption>
      <thead>
        <tr>
          <th scope="col">Erased</th>
          <th scope="col" class="num">Submissions</th>
          <th scope="col" class="num">Deliveries</th>
          <th scope="col" class="num">Subscriptions</th>
          <th scope="col">Address hash (HMAC-SHA256)</th>
        </tr>
      </thead>
      <tbody>
        ${erasures.map(
          (record) =>
            html`<tr>
              <td>${utcTime(record.erasedAt)}</td>
              <td class="num">${record.submissions}</td>
              <td class="num">${record.deliveries}</td>
              <td class="num">${record.subscriptions}</td>
              <td class="mono">${record.emailHash}</td>
            </tr> `,
        )}
      </tbody>
    </table>
  </div>`;
}
