// The site's pages and files answered in the HTTP server's own request handler, before Fastify, when the answer is in
// memory already: a GET or HEAD of a page or a build file read before (and, if asked for, its compressed copy made),
// or its 304. Fastify's routing, hooks, reply object and per-request logger cost about as much as the answer itself
// (issue #21: under load a page answer spent a third of its time in them); the answers are the same functions'
// (routes/pages.ts, fromMemory), with the same security headers and one log line each. Everything else, and anything
// the memory lacks, goes to Fastify as before: the first request of a file, a render, a compression, redirects,
// 404s, other methods, a request with a body, every other route, and all requests once the server is closing (Fastify
// then answers 503 and closes the connection).
import http from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { HeaderRecord } from './headers';
import type { MemoryAnswer } from './routes/pages';

export type AnswerFromMemory = (url: string, headers: IncomingHttpHeaders) => MemoryAnswer | null;

export class FastLane {
  private answers: AnswerFromMemory | null = null;
  private app: FastifyInstance | null = null;
  private debug = false;
  private security: string[] = [];
  private closing = false;
  /** GET routes that could take a page's URL (`/`, wildcards), the pages' own among them. */
  private readonly contested = new Set<string>();
  /** Where the other wildcard routes start (`/admin/` of `/admin/*`): URLs under them are Fastify's. */
  private otherPrefixes: string[] = [];
  private lastRequestId = 0;

  /** Fastify's request ids, shared with the lane so that every log line's id is unique. */
  readonly nextRequestId = (): string => `req-${(this.lastRequestId += 1).toString(36)}`;

  /**
   * Fastify's serverFactory: the HTTP server Fastify would make (its timeouts included), whose requests the lane
   * looks at first.
   */
  readonly serverFactory = (
    handler: (request: IncomingMessage, response: ServerResponse) => void,
    options: Record<string, unknown>,
  ): Server => {
    const httpOptions = (options.http ?? {}) as ServerOptions;
    const server = http.createServer(httpOptions, (request, response) => {
      let answered: boolean;
      try {
        answered = this.answer(request, response);
      } catch (error) {
        // A fault of the lane's must not take the process down: Fastify answers, or, if the answer had begun, the
        // connection is closed (the client sees a failed request, not a wrong one).
        this.app?.log.error({ err: error, url: request.url }, 'The fast lane failed; the request goes to Fastify');
        answered = response.headersSent;
        if (answered) response.destroy();
      }
      if (!answered) handler(request, response);
    });
    // What Fastify sets on a server of its own making (its option defaults are filled in by now).
    const number = (name: string): number | undefined =>
      typeof options[name] === 'number' ? options[name] : undefined;
    server.keepAliveTimeout = number('keepAliveTimeout') ?? server.keepAliveTimeout;
    server.requestTimeout = number('requestTimeout') ?? server.requestTimeout;
    server.setTimeout(number('connectionTimeout') ?? 0);
    const maxRequestsPerSocket = number('maxRequestsPerSocket') ?? 0;
    if (maxRequestsPerSocket > 0) server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  };

  /** Watches the routes as they are added (call before any route is); and stops the lane when the app closes. */
  watch(app: FastifyInstance): void {
    this.app = app;
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.some((method) => method === 'GET' || method === 'HEAD')) return;
      if (route.url === '/' || route.url.includes('*')) this.contested.add(route.url);
    });
    app.addHook('preClose', (done) => {
      this.closing = true;
      done();
    });
  }

  /** Opens the lane: the pages' answers from memory, their security headers and the pages' catch-all route's URLs. */
  open(answers: AnswerFromMemory, securityHeaders: HeaderRecord, pageRoutes: readonly string[]): void {
    this.answers = answers;
    const level = this.app?.log.level;
    this.debug = level === 'debug' || level === 'trace';
    this.security = Object.entries(securityHeaders).flat();
    const others = [...this.contested].filter((url) => !pageRoutes.includes(url));
    this.otherPrefixes = others.map((url) => url.slice(0, url.search(/[*:]/)));
    if (this.otherPrefixes.some((prefix) => prefix === '' || prefix === '/')) {
      this.app?.log.warn({ routes: others }, 'Pages are answered through Fastify only: another route may take any URL');
      this.answers = null;
    }
  }

  private answer(request: IncomingMessage, response: ServerResponse): boolean {
    const { method, headers } = request;
    if (this.answers === null || this.closing || (method !== 'GET' && method !== 'HEAD')) return false;
    // A body to read, or a client already gone (Fastify's path logs it): Fastify's.
    if (headers['transfer-encoding'] !== undefined || (headers['content-length'] ?? '0') !== '0') return false;
    if (request.socket.remoteAddress === undefined) return false;
    const started = performance.now();
    const url = request.url ?? '/';
    const answer = this.answers(url, headers);
    if (answer === null || !this.isPageRoute(method, url)) return false;
    const reqId = this.nextRequestId();
    const log = this.app?.log;
    if (this.debug) {
      log?.debug({ reqId, req: { method, url, remoteAddress: request.socket.remoteAddress } }, 'incoming request');
    }
    const raw = [...this.security];
    for (const name in answer.headers) raw.push(name, answer.headers[name] ?? '');
    if (answer.body !== null) raw.push('content-length', String(answer.body.length));
    response.writeHead(answer.status, raw);
    // A HEAD's body is not sent (Node knows the method); its Content-Length is.
    response.end(answer.body ?? undefined);
    log?.info(
      { reqId, method, url, statusCode: answer.status, responseTime: performance.now() - started },
      'request completed',
    );
    return true;
  }

  /**
   * Whether Fastify would route this URL to the pages' catch-all (`/` or `/*`), not to another route: no other
   * wildcard route's prefix starts it, and the route found is a wildcard's (a static or parametric route has other
   * parameters, or none).
   */
  private isPageRoute(method: string, url: string): boolean {
    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    if (path === '/') return true;
    if (this.otherPrefixes.some((prefix) => path.startsWith(prefix))) return false;
    const found = this.app?.findRoute({ method, url: path });
    return found !== undefined && Object.keys(found.params).length === 1 && '*' in found.params;
  }
}
