// /admin: the site owner's inbox of leads, server-rendered (no script, never in the visitors' bundles), behind a
// password, a database-backed session, SameSite=Strict cookies, same-origin checks and CSRF tokens.
import { createHmac } from 'node:crypto';
import { fastifyFormbody } from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatSubmissions } from '../cli';
import { scheduleHousekeeping } from '../housekeeping';
import { emailPattern } from './forms';
import { parsePasswordHash, verifyPassword } from '../admin/password';
import {
  AdminSessions,
  clearCookie,
  countLoginAttempt,
  csrf,
  defaultSessionTtlMs,
  isSameOrigin,
  loginCookieName,
  loginCookieTtlMs,
  readCookie,
  sessionCookieName,
  sessionPruneIntervalMs,
  setCookie,
} from '../admin/session';
import {
  defaultFilters,
  deliveryOptions,
  detailNotices,
  detailPage,
  erasePage,
  errorPage,
  forbiddenPage,
  formOptions,
  inboxPage,
  loginPage,
  notFoundPage,
  offPage,
  spamOptions,
  tooManyAttemptsPage,
  type DetailNotice,
  type InboxFilters,
  type SignedInLayout,
} from '../admin/views';
import { StorageUnavailableError, type AdminSession, type InboxQuery, type InboxRow } from '../storage';
import { htmlType } from '../contentTypes';

export interface AdminRoutesOptions {
  /** ADMIN_PASSWORD_HASH (`npm run admin:password`); the inbox answers 404 everywhere while it is unset. */
  passwordHash: string | undefined;
  /** How long a sign-in lasts; 8 hours by default. */
  sessionTtlMs?: number;
  /** The new give-up time of a delivery retried by hand, from now; 48 hours by default. */
  deliveryGiveUpMs?: number;
  /** Keys the hash an erasure is logged under, so the log can be checked for an address but not read back. */
  erasureKey: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin's session, on the inbox's routes (null elsewhere). */
    adminSession: AdminSession | null;
  }
}

const pageSize = 50;
/** Rows per query while exporting. */
const exportChunk = 1000;
/** The most one export holds: about what a spreadsheet still opens, and a bound on the memory one request takes. */
const exportCap = 100_000;
const defaultDeliveryGiveUpMs = 48 * 60 * 60 * 1000;
const bodyLimit = 16 * 1024;
const refusals = {
  loginForm:
    'The sign-in form has expired or did not come from this site. Open the sign-in page again and sign in there.',
  form: 'This form has expired or did not come from this site. Go back, reload the page and try again.',
  signedOut: 'You are not signed in, or your session has ended. Sign in and try again.',
} as const;

export async function registerAdminRoutes(app: FastifyInstance, options: AdminRoutesOptions): Promise<void> {
  const passwordHash = options.passwordHash === '' ? undefined : options.passwordHash;
  if (passwordHash !== undefined) {
    // A typo in the hash must stop the server now, not lock the owner out at their next sign-in.
    try {
      parsePasswordHash(passwordHash);
    } catch (error) {
      throw new Error(`ADMIN_PASSWORD_HASH: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    if (options.erasureKey === '') throw new Error('The admin inbox needs an erasure key.');
  }

  await app.register(async (admin) => {
    admin.addHook('onRequest', (_request, reply, done) => {
      // Leads are personal data: no browser, proxy or CDN keeps a copy, and no search engine lists a page.
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex, nofollow');
      done();
    });
    admin.setErrorHandler<FastifyError>((error, request, reply) => sendError(error, request, reply));
    admin.decorateRequest('adminSession', null);
    // Also while the inbox is off, so a posted form gets the page that says so rather than a 415.
    await admin.register(fastifyFormbody, { bodyLimit });

    if (passwordHash === undefined) {
      const off = (_request: FastifyRequest, reply: FastifyReply) => reply.code(404).type(htmlType).send(offPage());
      admin.all('/admin', off);
      admin.all('/admin/*', off);
      return;
    }

    const sessions = new AdminSessions(admin.storage, options.sessionTtlMs ?? defaultSessionTtlMs);
    scheduleHousekeeping(admin, {
      everyMs: sessionPruneIntervalMs,
      run: () => sessions.prune(),
      done: 'Forgot expired admin sessions',
      failed: 'Could not prune admin sessions',
    });

    registerLoginRoutes(admin, sessions, passwordHash);
    admin.get('/admin/', (_request, reply) => reply.redirect('/admin', 301));
    const notFound = (_request: FastifyRequest, reply: FastifyReply) =>
      reply.code(404).type(htmlType).send(notFoundPage());
    admin.all('/admin/*', notFound);
    // Without these the app's not-found handler would answer, without the headers above.
    admin.route({ method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], url: '/admin', handler: notFound });

    await admin.register((signedIn, _options, done) => {
      signedIn.addHook('onRequest', async (request, reply) => {
        const session = await sessions.find(readCookie(request, sessionCookieName));
        const reading = request.method === 'GET' || request.method === 'HEAD';
        if (session === undefined) {
          if (reading) return reply.redirect('/admin/login', 303);
          return reply.code(403).type(htmlType).send(forbiddenPage(refusals.signedOut));
        }
        request.adminSession = session;
        if (!reading && !isSameOrigin(request)) {
          request.log.warn({ origin: request.headers.origin }, 'Refused a cross-origin admin post');
          return reply
            .code(403)
            .type(htmlType)
            .send(forbiddenPage(refusals.form, layoutFor(request, null)));
        }
        return undefined;
      });
      // After the body is parsed: the token travels in it.
      signedIn.addHook('preHandler', async (request, reply) => {
        if (request.method === 'GET' || request.method === 'HEAD') return undefined;
        if (!csrf.verify(request.adminSession?.csrfSecret, bodyField(request, '_csrf'))) {
          request.log.warn('Refused an admin post without a valid CSRF token');
          return reply
            .code(403)
            .type(htmlType)
            .send(forbiddenPage(refusals.form, layoutFor(request, null)));
        }
        return undefined;
      });

      registerInboxRoutes(signedIn);
      registerDeliveryRoutes(signedIn, options.deliveryGiveUpMs ?? defaultDeliveryGiveUpMs);
      registerErasureRoutes(signedIn, options.erasureKey);

      signedIn.post('/admin/logout', async (request, reply) => {
        if (request.adminSession !== null) await sessions.end(request.adminSession);
        request.log.info('Admin signed out');
        reply.header('set-cookie', clearCookie(sessionCookieName));
        return reply.redirect('/admin/login?signed-out=1', 303);
      });
      done();
    });
  });
}

function registerLoginRoutes(admin: FastifyInstance, sessions: AdminSessions, passwordHash: string): void {
  admin.get('/admin/login', async (request, reply) => {
    if ((await sessions.find(readCookie(request, sessionCookieName))) !== undefined) {
      return reply.redirect('/admin', 303);
    }
    // Kept while it lasts, so two open sign-in tabs do not invalidate each other's form.
    const secret = readCookie(request, loginCookieName) ?? csrf.newSecret();
    reply.header('set-cookie', setCookie(loginCookieName, secret, loginCookieTtlMs));
    const notice = queryField(request, 'signed-out') === undefined ? undefined : 'You are signed out.';
    return reply.type(htmlType).send(loginPage({ csrfToken: csrf.tokenFor(secret), notice }));
  });

  admin.post('/admin/login', async (request, reply) => {
    const secret = readCookie(request, loginCookieName);
    if (secret === undefined || !isSameOrigin(request) || !csrf.verify(secret, bodyField(request, '_csrf'))) {
      request.log.warn({ origin: request.headers.origin }, 'Refused an admin sign-in without a valid CSRF token');
      return reply.code(403).type(htmlType).send(forbiddenPage(refusals.loginForm));
    }
    const allowance = await countLoginAttempt(request.server.storage, request.ip);
    if (!allowance.allowed) {
      request.log.warn('Admin sign-in refused: too many attempts');
      return reply
        .code(429)
        .header('retry-after', String(allowance.retryAfterSeconds))
        .type(htmlType)
        .send(tooManyAttemptsPage(allowance.retryAfterSeconds));
    }
    if (!(await verifyPassword(bodyField(request, 'password') ?? '', passwordHash))) {
      request.log.warn('Admin sign-in failed: wrong password');
      return reply
        .code(401)
        .type(htmlType)
        .send(loginPage({ csrfToken: csrf.tokenFor(secret), error: 'Wrong password.' }));
    }

    const previous = await sessions.find(readCookie(request, sessionCookieName));
    if (previous !== undefined) await sessions.end(previous);
    const { cookieValue } = await sessions.start();
    request.log.info('Admin signed in');
    reply.header('set-cookie', setCookie(sessionCookieName, cookieValue, sessions.ttlMs));
    reply.header('set-cookie', clearCookie(loginCookieName));
    return reply.redirect('/admin', 303);
  });
}

function registerInboxRoutes(admin: FastifyInstance): void {
  admin.get('/admin', async (request, reply) => {
    const { filters, query, errors } = readFilters(request);
    const requested = positiveInteger(queryField(request, 'page')) ?? 1;
    const [first, subscribers] = await Promise.all([
      admin.storage.searchSubmissions({ ...query, limit: pageSize, offset: (requested - 1) * pageSize }),
      admin.storage.countSubscribers(),
    ]);
    const pageCount = Math.max(1, Math.ceil(first.total / pageSize));
    // A page past the end (the list shrank since the link was made) shows the last one instead of nothing.
    const page = Math.min(requested, pageCount);
    const result =
      page === requested
        ? first
        : await admin.storage.searchSubmissions({ ...query, limit: pageSize, offset: (page - 1) * pageSize });
    return reply.type(htmlType).send(
      inboxPage({
        layout: layoutFor(request, 'inbox'),
        filters,
        result,
        page,
        pageCount,
        pageSize,
        subscribers,
        errors,
      }),
    );
  });

  admin.get<{ Params: { id: string } }>('/admin/submissions/:id', async (request, reply) => {
    const id = positiveInteger(request.params.id);
    const submission = id === undefined ? undefined : await admin.storage.findSubmission(id);
    if (submission === undefined) return sendNotFound(request, reply);
    const noticeKey = queryField(request, 'notice');
    const notice = noticeKey !== undefined && noticeKey in detailNotices ? (noticeKey as DetailNotice) : undefined;
    return reply.type(htmlType).send(detailPage({ layout: layoutFor(request, null), submission, notice }));
  });

  admin.post<{ Params: { id: string } }>('/admin/submissions/:id/spam', async (request, reply) => {
    const id = positiveInteger(request.params.id);
    if (id === undefined) return sendNotFound(request, reply);
    const spam = bodyField(request, 'spam');
    if (spam !== 'true' && spam !== 'false') {
      return reply
        .code(400)
        .type(htmlType)
        .send(errorPage(400, 'Say whether this is spam (spam=true or false).', layoutFor(request, null)));
    }
    if (!(await admin.storage.setSpam(id, spam === 'true'))) return sendNotFound(request, reply);
    request.log.info({ submission: id, spam: spam === 'true' }, 'Admin changed a submission’s spam flag');
    return reply.redirect(`/admin/submissions/${String(id)}?notice=${spam === 'true' ? 'spam' : 'not-spam'}`, 303);
  });

  admin.get('/admin/export.csv', async (request, reply) => {
    const { query } = readFilters(request);
    const rows: InboxRow[] = [];
    // Keyset paging (each chunk below the last id read): leads arriving or erased meanwhile shift nothing.
    let beforeId: number | undefined;
    while (rows.length < exportCap) {
      const limit = Math.min(exportChunk, exportCap - rows.length);
      const chunk = await admin.storage.searchSubmissions({ ...query, beforeId, limit, offset: 0 });
      rows.push(...chunk.rows);
      beforeId = chunk.rows.at(-1)?.id;
      if (chunk.rows.length < limit || beforeId === undefined) break;
    }
    const day = new Date().toISOString().slice(0, 10);
    request.log.info({ rows: rows.length }, 'Admin exported submissions');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="leads-${day}.csv"`)
      .send(formatSubmissions(rows, 'csv'));
  });
}

function registerDeliveryRoutes(admin: FastifyInstance, giveUpMs: number): void {
  admin.post<{ Params: { id: string } }>('/admin/deliveries/:id/retry', async (request, reply) => {
    const id = positiveInteger(request.params.id);
    if (id === undefined) return sendNotFound(request, reply);
    const retried = await admin.storage.retryDelivery(id, Date.now() + giveUpMs);
    request.log.info({ delivery: id, retried }, 'Admin retried a delivery');
    const submission = positiveInteger(bodyField(request, 'submission'));
    if (submission === undefined) return reply.redirect('/admin', 303);
    return reply.redirect(`/admin/submissions/${String(submission)}?notice=${retried ? 'retried' : 'not-dead'}`, 303);
  });
}

function registerErasureRoutes(admin: FastifyInstance, erasureKey: string): void {
  const recentErasures = 50;

  admin.get('/admin/erase', async (request, reply) => {
    const erasures = await admin.storage.listErasures(recentErasures);
    const erasedId = positiveInteger(queryField(request, 'erased'));
    const erased = erasedId === undefined ? undefined : erasures.find((record) => record.id === erasedId);
    // The submission's id, not its address, is what the detail page links with: URLs end up in logs.
    const submissionId = positiveInteger(queryField(request, 'submission'));
    const submission = submissionId === undefined ? undefined : await admin.storage.findSubmission(submissionId);
    const email = typeof submission?.fields.email === 'string' ? submission.fields.email : undefined;
    return reply.type(htmlType).send(erasePage({ layout: layoutFor(request, 'erase'), erasures, erased, email }));
  });

  admin.post('/admin/erase', async (request, reply) => {
    const email = (bodyField(request, 'email') ?? '').trim();
    const error =
      email.length > 254 || !emailPattern.test(email)
        ? 'Enter the e-mail address to erase, such as name@example.com.'
        : bodyField(request, 'confirm') === undefined
          ? 'Tick the box to confirm that this cannot be undone.'
          : undefined;
    if (error !== undefined) {
      const erasures = await admin.storage.listErasures(recentErasures);
      return reply
        .code(400)
        .type(htmlType)
        .send(erasePage({ layout: layoutFor(request, 'erase'), erasures, email: email.slice(0, 254), error }));
    }
    const emailHash = erasureHash(erasureKey, email);
    const result = await admin.storage.eraseEmail(email, emailHash);
    // The hash, never the address: the log is what outlives the data.
    request.log.info({ emailHash, ...result }, 'Admin erased an address');
    const [latest] = (await admin.storage.listErasures(recentErasures)).filter(
      (record) => record.emailHash === emailHash,
    );
    return reply.redirect(latest === undefined ? '/admin/erase' : `/admin/erase?erased=${String(latest.id)}`, 303);
  });
}

/** HMAC-SHA256 of the lower-cased, trimmed address, in hex: what the erasure log records. */
export function erasureHash(erasureKey: string, email: string): string {
  return createHmac('sha256', erasureKey).update(email.trim().toLowerCase()).digest('hex');
}

function layoutFor(request: FastifyRequest, current: SignedInLayout['current']): SignedInLayout {
  const secret = request.adminSession?.csrfSecret;
  if (secret === undefined) throw new Error('An admin page was rendered without a session.');
  return { csrfToken: csrf.tokenFor(secret), current };
}

function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .type(htmlType)
    .send(notFoundPage(request.adminSession === null ? undefined : layoutFor(request, null)));
}

function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('cache-control', 'no-store');
  const layout = request.adminSession === null ? undefined : layoutFor(request, null);
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    request.log.info({ err: error }, 'Client error');
    return reply
      .code(status)
      .type(htmlType)
      .send(errorPage(status, error.message, layout));
  }
  request.log.error({ err: error }, 'Admin request failed');
  if (error instanceof StorageUnavailableError) {
    return reply
      .code(503)
      .header('retry-after', '30')
      .type(htmlType)
      .send(errorPage(503, 'The database cannot be reached right now. Try again in a minute.', layout));
  }
  return reply
    .code(500)
    .type(htmlType)
    .send(errorPage(500, 'The request failed on the server.', layout));
}

interface ParsedFilters {
  filters: InboxFilters;
  query: Omit<InboxQuery, 'limit' | 'offset'>;
  errors: string[];
}

/** The inbox's filters from the query string; a value that cannot be used is dropped with a message. */
function readFilters(request: FastifyRequest): ParsedFilters {
  const errors: string[] = [];
  const pick = <T extends string>(name: string, allowed: readonly { value: T }[], fallback: T): T => {
    const value = queryField(request, name);
    return allowed.find((option) => option.value === value)?.value ?? fallback;
  };
  const date = (name: 'from' | 'to', label: string): string => {
    const value = (queryField(request, name) ?? '').trim();
    if (value === '' || isCalendarDate(value)) return value;
    errors.push(`${label} is not a date like 2026-03-01.`);
    return '';
  };
  const filters: InboxFilters = {
    q: (queryField(request, 'q') ?? '').trim().slice(0, 200),
    form: pick('form', formOptions, defaultFilters.form),
    from: date('from', 'Received from'),
    to: date('to', 'Received to'),
    delivery: pick('delivery', deliveryOptions, defaultFilters.delivery),
    spam: pick('spam', spamOptions, defaultFilters.spam),
  };
  const query: ParsedFilters['query'] = {
    text: filters.q === '' ? undefined : filters.q,
    form: filters.form === '' ? undefined : filters.form,
    from: filters.from === '' ? undefined : `${filters.from}T00:00:00.000Z`,
    // Inclusive of its day: everything before the next midnight (UTC).
    to: filters.to === '' ? undefined : new Date(Date.parse(`${filters.to}T00:00:00.000Z`) + 86_400_000).toISOString(),
    delivery: filters.delivery === '' ? undefined : filters.delivery,
    spam: filters.spam,
  };
  return { filters, query, errors };
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00.000Z`);
  // Date.parse rolls 2026-02-30 over into March; the round trip catches it.
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

function positiveInteger(value: string | undefined): number | undefined {
  if (value === undefined || !/^[1-9]\d{0,14}$/.test(value)) return undefined;
  return Number(value);
}

function queryField(request: FastifyRequest, name: string): string | undefined {
  return firstString((request.query as Record<string, unknown> | undefined)?.[name]);
}

function bodyField(request: FastifyRequest, name: string): string | undefined {
  const body = request.body;
  return typeof body === 'object' && body !== null ? firstString((body as Record<string, unknown>)[name]) : undefined;
}

function firstString(value: unknown): string | undefined {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}
