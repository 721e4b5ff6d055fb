import type { FastifyInstance } from 'fastify';
import { JSON_TOO_DEEP_MESSAGE, jsonDepthExceeds } from '@chain/contract';
import { badRequest } from './errors';

/**
 * JSON bodies (issue 11, point 9): Fastify's own parser (prototype poisoning refused), behind a
 * nesting check. A body nested deeper than MAX_JSON_DEPTH is a 400 in Russian before anything
 * recursive sees it; the check is one linear scan of the text (figures in docs/security.md).
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // parseAs 'string': the body is text; the type also allows a Buffer.
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text)) {
      done(badRequest(`Некорректный запрос: ${JSON_TOO_DEEP_MESSAGE}`, 'json_too_deep'), undefined);
      return;
    }
    void parse(request, text, done);
  });
}
