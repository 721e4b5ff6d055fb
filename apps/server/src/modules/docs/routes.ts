import type { FastifyPluginAsync } from 'fastify';
import * as z from 'zod/mini';
import { catalogueFile } from '@chain/contract';
import { buildOpenApi } from '@chain/contract/openapi';
import { SERVER_VERSION } from '../../version';

/**
 * The API reference: GET /api/docs/openapi.json (OpenAPI 3.1, generated from the contract's
 * call definitions) and GET /api/docs, a readable page of the same, served by the product
 * itself (no outside scripts: the CSP allows none).
 */
export const docsRoutes: FastifyPluginAsync = async (app) => {
  let cached: ReturnType<typeof buildOpenApi> | undefined;
  const document = () =>
    (cached ??= buildOpenApi(app.calls, {
      title: 'Chain ordering API',
      version: SERVER_VERSION,
      description:
        'The calls of SPEC 7 at their paths and field names. Money is integer kopecks (docs/decisions/003). Bodies are JSON or form-urlencoded. Errors: `{ success: false, error, message, requestId }` with a 4xx/5xx status.',
    }));

  app.get('/api/docs/openapi.json', async () => document());

  // The catalogue file's JSON Schema (issue 31): what `npm run catalogue` and the back office read.
  let catalogueSchema: unknown;
  app.get(
    '/api/docs/catalogue.schema.json',
    async () =>
      (catalogueSchema ??= {
        title: 'Chain catalogue file',
        ...z.toJSONSchema(catalogueFile, { io: 'input', unrepresentable: 'any' }),
      }),
  );

  app.get('/api/docs', async (_request, reply) => {
    const doc = document();
    const sections = Object.entries(doc.paths)
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, op]) => {
          const operation = op as {
            operationId: string;
            summary: string;
            description?: string;
            tags: string[];
            requestBody?: unknown;
            responses: unknown;
            parameters?: unknown;
          };
          return `<section id="${escape(operation.operationId)}"><h2><code>${method.toUpperCase()} ${escape(path)}</code></h2>
<p><strong>${escape(operation.summary)}</strong> <span class="tag">${escape(operation.tags.join(', '))}</span></p>
${operation.description ? `<p>${escape(operation.description)}</p>` : ''}
${operation.parameters ? `<h3>Path</h3><pre>${escape(JSON.stringify(operation.parameters, null, 2))}</pre>` : ''}
${operation.requestBody ? `<h3>Request</h3><pre>${escape(JSON.stringify((operation.requestBody as { content: Record<string, { schema: unknown }> }).content['application/json']?.schema, null, 2))}</pre>` : ''}
<h3>Responses</h3><pre>${escape(JSON.stringify(operation.responses, null, 2))}</pre></section>`;
        }),
      )
      .join('\n');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(doc.info.title)}</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1c1b1a}
pre{background:#f5f3f0;padding:.75rem;overflow:auto;font-size:12px;border-radius:8px}section{border-top:1px solid #ddd;margin-top:2rem}
.tag{background:#eee;border-radius:4px;padding:0 .4rem;font-size:12px}</style></head><body>
<h1>${escape(doc.info.title)} <small>${escape(doc.info.version)}</small></h1><p>${escape(doc.info.description)}</p>
<p>Machine-readable: <a href="/api/docs/openapi.json">openapi.json</a>; the catalogue file's schema: <a href="/api/docs/catalogue.schema.json">catalogue.schema.json</a></p>${sections}</body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });
};

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
