import type { SbpBankApp } from './banks';

/** A dynamic SBP QR for one acquirer order. */
export interface SbpQr {
  qrId: string;
  /** What the QR encodes: https://qr.nspk.ru/{qrId}?type=02&bank=…&sum=…&cur=RUB&crc=… */
  payload: string;
}

/**
 * SBP C2B payments (the Faster Payments System): the acquirer issues a dynamic QR for an
 * order it registered; the guest pays it in a bank app chosen from a list, the phone's
 * default bank app, or by scanning the QR. Decision 011.
 */
export interface SbpGateway {
  createQr(providerOrderId: string): Promise<SbpQr>;
  /** The bank apps offered, each with the link that opens it on this QR. */
  variants(payload: string): Array<{ name: string; logo: string; link: string }>;
  /** The link that opens the phone's default bank app on this QR. */
  defaultLink(payload: string): string;
}

/** How links to bank apps are made: NSPK deep links in production, bank pages in the sandbox. */
export interface SbpLinks {
  bankLink(bank: SbpBankApp, payload: string): string;
  defaultLink(payload: string): string;
}
