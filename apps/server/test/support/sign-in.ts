import type { FastifyInstance } from 'fastify';

/** Draws a captcha for the contact and reads its answer from the sandbox outbox, as a tester would. */
export async function solveCaptcha(app: FastifyInstance, contact: string): Promise<string> {
  const image = await app.inject({ method: 'GET', url: `/captcha/${encodeURIComponent(contact)}?${Date.now()}` });
  if (image.statusCode !== 200) throw new Error(`captcha: ${image.statusCode} ${image.body}`);
  const outbox = await readOutbox(app, contact);
  if (!outbox.captcha) throw new Error('no captcha answer in the outbox');
  return outbox.captcha;
}

export interface Outbox {
  messages: Array<{ channel: 'sms' | 'call' | 'email'; to: string; code: string | null; text: string; at: string }>;
  captcha: string | null;
}

export async function readOutbox(app: FastifyInstance, to: string): Promise<Outbox> {
  const res = await app.inject({ method: 'GET', url: `/sandbox/outbox?to=${encodeURIComponent(to)}` });
  if (res.statusCode !== 200) throw new Error(`outbox: ${res.statusCode} ${res.body}`);
  return res.json<Outbox>();
}

/** The latest code the sandbox delivered to the contact. */
export async function lastCode(app: FastifyInstance, to: string): Promise<string> {
  const code = (await readOutbox(app, to)).messages.at(-1)?.code;
  if (!code) throw new Error(`no code delivered to ${to}`);
  return code;
}

/** Signs in by e-mail through the public calls and the sandbox; returns the user. */
export async function signInByEmail(app: FastifyInstance, email: string) {
  const captcha = await solveCaptcha(app, email);
  const sent = await app.inject({ method: 'POST', url: '/api/v2/user/sendEmailCode', payload: { email, captcha } });
  if (sent.statusCode !== 200) throw new Error(`sendEmailCode: ${sent.body}`);
  const code = await lastCode(app, email);
  const res = await app.inject({ method: 'POST', url: '/api/v2/user/checkEmailCode', payload: { email, code } });
  if (res.statusCode !== 200) throw new Error(`checkEmailCode: ${res.body}`);
  return res.json<{ user: { id: number; password: string } }>().user;
}
