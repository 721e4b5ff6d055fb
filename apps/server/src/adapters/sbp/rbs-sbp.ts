import * as z from 'zod';
import { ProviderError } from '../http';
import { RBS_PROVIDER, read, type RbsClient } from '../acquiring/rbs';
import type { SbpBankApp } from './banks';
import type { SbpGateway, SbpLinks, SbpQr } from './types';

const qrAnswer = z
  .object({
    errorCode: z.union([z.string(), z.number()]).optional(),
    errorMessage: z.string().optional(),
    qrId: z.string().optional(),
    payload: z.string().optional(),
    renderedQr: z.string().optional(),
  })
  .passthrough();

/**
 * SBP through the acquirer's RBS API: `sbp/c2b/qr/dynamic/get.do` (mdOrder → qrId, payload)
 * issues an NSPK dynamic QR bound to an order registered with register.do, so the order's
 * status (getOrderStatusExtended.do) and callbacks are the card's own.
 */
export class RbsSbpClient implements SbpGateway {
  constructor(
    private readonly rbs: RbsClient,
    private readonly banks: readonly SbpBankApp[],
    private readonly links: SbpLinks,
  ) {}

  async createQr(providerOrderId: string): Promise<SbpQr> {
    const answer = this.rbs.accepted(
      read(
        qrAnswer,
        await this.rbs.post('sbp/c2b/qr/dynamic/get.do', {
          mdOrder: providerOrderId,
          qrHeight: '10',
          qrWidth: '10',
          qrFormat: 'matrix',
        }),
      ),
    );
    if (!answer.qrId || !answer.payload || !/^https:\/\/qr\.nspk\.ru\//.test(answer.payload)) {
      throw new ProviderError(RBS_PROVIDER, 'sbp/c2b/qr/dynamic/get.do answered without an NSPK qrId/payload');
    }
    return { qrId: answer.qrId, payload: answer.payload };
  }

  variants(payload: string) {
    return this.banks.map((bank) => ({ name: bank.name, logo: bank.logo, link: this.links.bankLink(bank, payload) }));
  }

  defaultLink(payload: string): string {
    return this.links.defaultLink(payload);
  }
}

/** NSPK links: `bank{memberId}://qr.nspk.ru/…` opens that bank's app; the https payload lets the phone choose. */
export const NSPK_LINKS: SbpLinks = {
  bankLink: (bank, payload) => payload.replace(/^https:/, `bank${bank.memberId}:`),
  defaultLink: (payload) => payload,
};

/** The sandbox's bank apps are web pages of this server: /sandbox/sbp/{qrId}?bank={memberId}. */
export function sandboxSbpLinks(publicOrigin: () => string): SbpLinks {
  const page = (payload: string) => `${publicOrigin()}/sandbox/sbp/${encodeURIComponent(qrIdOf(payload))}`;
  return {
    bankLink: (bank, payload) => `${page(payload)}?bank=${bank.memberId}`,
    defaultLink: page,
  };
}

/** The QR id of an NSPK payload: its path. */
export function qrIdOf(payload: string): string {
  return new URL(payload).pathname.replace(/^\/+/, '');
}
