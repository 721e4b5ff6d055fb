import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** POSTs a JSON body (or a raw string as is) and checks the server never answered 5xx. */
export async function post(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  options: { contentType?: string; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': options.contentType ?? 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  expect(res.statusCode, `${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  return res;
}

/** POSTs a form-urlencoded body. */
export function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
): Promise<LightMyRequestResponse> {
  return post(app, url, new URLSearchParams(fields).toString(), { contentType: 'application/x-www-form-urlencoded' });
}
