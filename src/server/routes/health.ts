// GET /healthz: tells a load balancer or process manager whether this instance can serve, database included.
import type { FastifyInstance } from 'fastify';

export function registerHealthRoutes(app: FastifyInstance): void {
  app.get('/healthz', async (request, reply) => {
    // A health answer must be live, never a cached "ok" from before an outage.
    reply.header('cache-control', 'no-store');
    try {
      await app.storage.ping();
    } catch (error) {
      request.log.error({ err: error }, 'Health check failed: the database did not answer');
      return reply.code(503).send({ status: 'error' });
    }
    return reply.send({ status: 'ok' });
  });
}
