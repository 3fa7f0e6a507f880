// Tells a multipart/form-data body the client got wrong (a 400) from a failure of ours.
import type { FastifyRequest } from 'fastify';

export const malformedMultipartMessage = 'Malformed multipart/form-data body';

/**
 * @fastify/busboy reports a broken body with plain Errors that only their message tells apart: a boundary missing
 * from the Content-Type, longer than its search allows or never closed, a part cut short. @fastify/multipart adds
 * coded errors for a request it cannot read as multipart at all (406 there, but the body is what is wrong).
 */
const busboyMessages = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^The needle cannot (?:be an empty|have a length bigger than)/,
  /^Unexpected end of multipart data$/,
  /terminated early due to unexpected end of multipart data$/,
  /^Unsupported Content-Type\.$/,
];
const multipartCodes = new Set(['FST_INVALID_MULTIPART_CONTENT_TYPE', 'FST_INVALID_JSON_FIELD_ERROR']);

/** True when reading a multipart body failed because of the body, not because of the server. */
export function isMalformedMultipart(error: unknown, request: FastifyRequest): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return multipartCodes.has(code);
  // isMultipart is decorated only where @fastify/multipart is registered (the forms and image routes), and a bare
  // message is trusted only from a request that is being read as multipart.
  const { isMultipart } = request as { isMultipart?: () => boolean };
  return (
    typeof isMultipart === 'function' && isMultipart.call(request) && busboyMessages.some((p) => p.test(error.message))
  );
}
