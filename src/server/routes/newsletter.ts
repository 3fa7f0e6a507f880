// The newsletter's e-mail links: confirm a sign-up (double opt-in) and unsubscribe (RFC 8058 one-click). Opening a
// link shows a page with one button; only the POST changes anything, so a mail scanner that fetches every link in
// an e-mail neither confirms nor unsubscribes anybody.
import { fastifyFormbody } from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NEWSLETTER_FAILURE, NEWSLETTER_SUCCESS } from '../../features/forms/rules';
import { escapeHtml, simplePage } from '../html';
import { readLinkToken, type LinkPurpose } from '../newsletter/tokens';
import { StorageUnavailableError } from '../storage';

export interface NewsletterRoutesOptions {
  /** Signs and checks the links (kept in the database, so every replica reads the others' links). */
  linkSecret: string;
  /** POSTs per client IP per minute. */
  rateLimitMax: number;
}

export const newsletterPaths = { confirm: '/newsletter/confirm', unsubscribe: '/newsletter/unsubscribe' } as const;

export const newsletterMessages = {
  invalid: 'This link is not valid. Please open the whole link from the e-mail.',
  expired: 'This confirmation link has expired. Please sign up again on the blog.',
  used: 'This confirmation link has already been used.',
  gone: 'This sign-up is no longer stored. Please sign up again on the blog.',
  // The newsletter form's own success text, shown once the address is confirmed.
  confirmed: `Your subscription is confirmed. ${NEWSLETTER_SUCCESS}`,
  unsubscribed: 'You are unsubscribed. You will not get any more newsletter e-mails from us.',
  alreadyUnsubscribed: 'This address is not subscribed (any more). You will not get newsletter e-mails from us.',
  unavailable: NEWSLETTER_FAILURE,
} as const;

interface Screen {
  status: number;
  heading: string;
  text: string;
}

const pages: Record<LinkPurpose, { title: string; question: string; button: string; path: string }> = {
  confirm: {
    title: 'Confirm your subscription',
    question: 'Please confirm that you want our newsletter at this address.',
    button: 'Confirm my subscription',
    path: newsletterPaths.confirm,
  },
  unsubscribe: {
    title: 'Unsubscribe',
    question: 'Do you want to stop getting our newsletter?',
    button: 'Unsubscribe',
    path: newsletterPaths.unsubscribe,
  },
};

function tokenOf(request: FastifyRequest): unknown {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.token;
  const body = request.body as Record<string, unknown> | undefined;
  return typeof body?.token === 'string' ? body.token : fromQuery;
}

function send(reply: FastifyReply, screen: Screen): FastifyReply {
  return reply
    .code(screen.status)
    .type('text/html; charset=utf-8')
    .send(
      simplePage({
        title: screen.heading,
        heading: screen.heading,
        body: `<p role="status">${escapeHtml(screen.text)}</p>\n<p><a href="/blog">Go to the blog</a></p>`,
      }),
    );
}

export async function registerNewsletterRoutes(app: FastifyInstance, options: NewsletterRoutesOptions): Promise<void> {
  await app.register(async (newsletter) => {
    await newsletter.register(fastifyFormbody, { bodyLimit: 8 * 1024 });
    newsletter.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    });

    for (const purpose of ['confirm', 'unsubscribe'] as const) {
      const page = pages[purpose];

      newsletter.get(page.path, async (request, reply) => {
        const token = tokenOf(request);
        const read = readLinkToken(options.linkSecret, token, purpose);
        if (!read.ok) return send(reply, failure(read.reason, purpose));
        return reply.type('text/html; charset=utf-8').send(
          simplePage({
            title: page.title,
            heading: page.title,
            body: `<p>${escapeHtml(page.question)}</p>
<p>${escapeHtml(read.email)}</p>
<form method="post" action="${page.path}">
<input type="hidden" name="token" value="${escapeHtml(String(token))}">
<button type="submit">${escapeHtml(page.button)}</button>
</form>`,
          }),
        );
      });

      // Mail providers' one-click unsubscribe posts `List-Unsubscribe=One-Click` to the link itself (RFC 8058), from
      // their servers: no Origin to check, and no need: the signed token is the authority.
      newsletter.post(
        page.path,
        { config: { rateLimit: { max: options.rateLimitMax, timeWindow: 60_000 } } },
        async (request, reply) => {
          const read = readLinkToken(options.linkSecret, tokenOf(request), purpose);
          if (!read.ok) return send(reply, failure(read.reason, purpose));
          const now = new Date().toISOString();
          let screen: Screen;
          try {
            if (purpose === 'confirm') {
              const result = await newsletter.storage.confirmSubscription(read.email, read.submissionId, now);
              if (result === 'confirmed') {
                request.log.info({ submission: read.submissionId }, 'Newsletter sign-up confirmed');
              }
              screen = {
                confirmed: { status: 200, heading: 'Subscription confirmed', text: newsletterMessages.confirmed },
                'already-confirmed': { status: 410, heading: 'Link already used', text: newsletterMessages.used },
                gone: { status: 410, heading: 'Sign-up not found', text: newsletterMessages.gone },
              }[result];
            } else {
              const result = await newsletter.storage.unsubscribe(read.email, now);
              screen =
                result === 'unsubscribed'
                  ? { status: 200, heading: 'Unsubscribed', text: newsletterMessages.unsubscribed }
                  : { status: 200, heading: 'Not subscribed', text: newsletterMessages.alreadyUnsubscribed };
            }
          } catch (error) {
            request.log.error({ err: error, purpose }, 'Newsletter link not applied');
            const unavailable = error instanceof StorageUnavailableError;
            if (unavailable) reply.header('retry-after', '30');
            screen = {
              status: unavailable ? 503 : 500,
              heading: 'Please try again later',
              text: newsletterMessages.unavailable,
            };
          }
          return send(reply, screen);
        },
      );
    }
  });
}

function failure(reason: 'invalid' | 'expired', purpose: LinkPurpose): Screen {
  // Unsubscribe links are valid for years; one that reads as expired is treated like any other bad link.
  return reason === 'expired' && purpose === 'confirm'
    ? { status: 410, heading: 'Link expired', text: newsletterMessages.expired }
    : { status: 400, heading: 'Link not valid', text: newsletterMessages.invalid };
}
