import { observeProviderCall } from '../metrics/metrics';

/** A provider answered with an error, not at all, or with something we cannot read. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider}: ${message}`, options);
    this.name = 'ProviderError';
  }
}

/**
 * POSTs a form to a provider and reads its JSON answer, with a timeout: a provider that
 * hangs must not hold a guest's request (or a connection) for long.
 */
export function postForm(
  provider: string,
  url: string,
  form: Record<string, string>,
  options: { timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<unknown> {
  return fetchObserved(provider, url, options.timeoutMs, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...options.headers },
    body: new URLSearchParams(form).toString(),
  });
}

/** GETs a provider's JSON answer with a timeout, like postForm. A key in `url` never reaches an error: only its origin does. */
export function getJson(provider: string, url: string, options: { timeoutMs?: number } = {}): Promise<unknown> {
  return fetchObserved(provider, url, options.timeoutMs, { headers: { accept: 'application/json' } });
}

/** The most a provider's answer may weigh: every answer we read is a few kilobytes of JSON. */
export const MAX_PROVIDER_ANSWER_BYTES = 1024 * 1024;

/** The body's text, read no further than `maxBytes` (a provider gone wrong must not fill our memory). */
export async function boundedText(
  provider: string,
  response: Response,
  maxBytes = MAX_PROVIDER_ANSWER_BYTES,
): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new ProviderError(provider, `answer of ${declared} bytes, over ${maxBytes}`);
  }
  if (!response.body) return '';
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ProviderError(provider, `answer over ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Every provider call of postForm and getJson, timed and its failures counted (metrics/metrics.ts). */
function fetchObserved(
  provider: string,
  url: string,
  timeoutMs: number | undefined,
  init: RequestInit,
): Promise<unknown> {
  return observeProviderCall(provider, () => fetchJson(provider, url, timeoutMs, init));
}

async function fetchJson(provider: string, url: string, timeoutMs = 5000, init: RequestInit): Promise<unknown> {
  let response: Response;
  let text: string;
  try {
    // The timeout covers the body too: a provider that stops halfway is no answer either.
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    text = await boundedText(provider, response);
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw new ProviderError(provider, `no answer from ${new URL(url).origin}`, { cause: error });
  }
  if (!response.ok) throw new ProviderError(provider, `HTTP ${response.status}: ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ProviderError(provider, `unreadable answer: ${text.slice(0, 200)}`, { cause: error });
  }
}
