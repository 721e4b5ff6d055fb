/** How long one call of the mail service may take: a letter is sent off the guest's request or within a sign-in. */
export const EMAIL_CALL_TIMEOUT_MS = 5000;

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * A stable name of this letter (e.g. `receipt-17`): the letter's Message-Id is made of it, so
   * a letter sent again after a lost answer carries the same Message-Id as the first.
   */
  key?: string;
}

export interface EmailSender {
  /** Queues the letter; throws ProviderError when the service is unreachable or refuses it. */
  send(message: EmailMessage): Promise<void>;
}
