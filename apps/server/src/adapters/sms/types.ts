/** Sends sign-in codes to a phone: by SMS, or as the last digits of a robot's calling number. */
export interface PhoneCodeSender {
  sendSms(phone: string, text: string): Promise<void>;
  /** Places a call whose calling number ends in the code; returns that code. */
  callWithCode(phone: string, clientIp: string): Promise<{ code: string }>;
}

export type InboundCheckStatus = 'pending' | 'confirmed' | 'expired';

/** Sign-in by the guest's own call: the provider gives a number to call and tells when the call came. */
export interface InboundCallVerifier {
  start(phone: string): Promise<{ checkId: string; callNumber: string; callNumberPretty: string }>;
  status(checkId: string): Promise<InboundCheckStatus>;
}
