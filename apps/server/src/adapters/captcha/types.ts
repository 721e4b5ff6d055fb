/** What a captcha service said of a widget's token. */
export type CaptchaVerdict =
  { readonly passed: true; readonly host: string } | { readonly passed: false; readonly reason: string };

/**
 * A captcha service (decision 061): a widget in the guest's browser gives a one-time token, and
 * the server asks the service whether that token was earned. Throws ProviderError when the
 * service cannot tell (no answer in time, an HTTP error, an unreadable answer, our key refused):
 * never a verdict the service did not give.
 */
export interface CaptchaService {
  validate(token: string, clientIp: string): Promise<CaptchaVerdict>;
}
