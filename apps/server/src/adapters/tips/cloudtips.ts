import * as z from 'zod';
import { boundedText, ProviderError } from '../http';
import { observeProviderCall } from '../../metrics/metrics';
import { TIPS_CALL_TIMEOUT_MS, type TipsReceiverRequest, type TipsService } from './types';

export const TIPS_PROVIDER = 'tips';

/** The service's envelope: `succeed` and `data`, or `errors` with what it refused. */
const receiverAnswer = z
  .object({
    succeed: z.boolean(),
    data: z
      .object({ layoutId: z.string().regex(/^[\w-]{1,64}$/) })
      .passthrough()
      .nullish(),
    errors: z.array(z.unknown()).nullish(),
  })
  .passthrough();

export interface CloudTipsOptions {
  /** The API's base, e.g. https://api.cloudtips.ru (the sandbox: this server's /sandbox/tips). */
  baseUrl: () => string;
  /** The partner's API key, sent as a bearer token. */
  apiKey: string;
  timeoutMs?: number;
}

/**
 * A CloudTips-like tips service over JSON HTTP (decision 025): `POST {base}/api/receivers` with
 * `{ externalId, name, placeName }` and `Authorization: Bearer {key}` registers a tips receiver,
 * answering `{ succeed: true, data: { layoutId } }`; the same externalId answers the same
 * layoutId, so a retry after a lost answer never makes a second page. The layoutId is the order's
 * tips_id; the guest's page is `{page base}{layoutId}?amount={roubles}`.
 */
export class CloudTipsClient implements TipsService {
  constructor(private readonly options: CloudTipsOptions) {}

  /** Timed and its failures counted as every provider call (metrics/metrics.ts). */
  registerReceiver(request: TipsReceiverRequest): Promise<string> {
    return observeProviderCall(TIPS_PROVIDER, () => this.#register(request));
  }

  async #register(request: TipsReceiverRequest): Promise<string> {
    const url = `${this.options.baseUrl().replace(/\/+$/, '')}/api/receivers`;
    const body = {
      externalId: request.externalId,
      name: request.name.slice(0, 200),
      placeName: request.place.slice(0, 200),
    };
    let response: Response;
    let text: string;
    try {
      // The timeout covers the body too: a service that stops halfway is no answer either.
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Bearer ${this.options.apiKey}`,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? TIPS_CALL_TIMEOUT_MS),
      });
      text = await boundedText(TIPS_PROVIDER, response);
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      throw new ProviderError(TIPS_PROVIDER, `no answer from ${new URL(url).origin}`, { cause: error });
    }
    if (!response.ok) throw new ProviderError(TIPS_PROVIDER, `HTTP ${response.status}: ${text.slice(0, 200)}`);
    let parsed: z.infer<typeof receiverAnswer>;
    try {
      parsed = receiverAnswer.parse(JSON.parse(text));
    } catch (error) {
      throw new ProviderError(TIPS_PROVIDER, `unreadable answer: ${text.slice(0, 200)}`, { cause: error });
    }
    if (!parsed.succeed || !parsed.data) {
      throw new ProviderError(TIPS_PROVIDER, `refused: ${JSON.stringify(parsed.errors ?? []).slice(0, 200)}`);
    }
    return parsed.data.layoutId;
  }
}
