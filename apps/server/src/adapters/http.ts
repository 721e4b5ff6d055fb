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
export async function postForm(
  provider: string,
  url: string,
  form: Record<string, string>,
  options: { timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...options.headers },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
    });
  } catch (error) {
    throw new ProviderError(provider, `no answer from ${new URL(url).origin}`, { cause: error });
  }
  const text = await response.text();
  if (!response.ok) throw new ProviderError(provider, `HTTP ${response.status}: ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ProviderError(provider, `unreadable answer: ${text.slice(0, 200)}`, { cause: error });
  }
}
