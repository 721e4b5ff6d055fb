import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as z from 'zod';
import { badRequest, notFound } from '../http/errors';
import { normaliseContact, normalisePhone } from '../modules/auth';
import { isStaffCaptchaContact } from '../modules/staff';
import { registerFaultsSwitch, replyFault, takeFault } from './faults';
import { geocoderSandboxRoutes } from './geocoder';
import { kitchenSandboxRoutes } from './kitchen';
import { paymentSandboxRoutes } from './payments';
import { serviceSwitchSandboxRoutes } from './service-switches';
import { smartcaptchaSandboxRoutes } from './smartcaptcha';
import { tileSandboxRoutes } from './tiles';
import { tipsSandboxRoutes } from './tips';

/**
 * The sandbox (SANDBOX=1): the product's documented test mode. It mounts counterparts of the
 * outside providers that speak their protocols, so the real adapters run end to end, and an
 * outbox where a person or a test reads what the providers "delivered". Never mounted in
 * production (config.sandbox is off there unless set on purpose).
 */
export const sandboxRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;

  app.decorate('sandboxHooks', {
    captchaIssued: async (contact: string, answer: string) => {
      await db.insertInto('sandbox_captchas').values({ contact, answer }).execute();
    },
  });

  // --- SMS.ru counterpart (https://sms.ru/api) ---------------------------------------------
  const smsruForm = z.object({ api_id: z.string().min(1), json: z.string().optional() }).passthrough();
  const smsruAuth = (request: FastifyRequest) => {
    const form = smsruForm.safeParse(request.body);
    if (!form.success) return { status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' } as const;
    return null;
  };
  const field = (request: FastifyRequest, name: string) => {
    const value = (request.body as Record<string, unknown> | undefined)?.[name];
    return typeof value === 'string' ? value : '';
  };

  app.post('/sandbox/providers/smsru/sms/send', async (request) => {
    const refused = smsruAuth(request);
    if (refused) return refused;
    const to = field(request, 'to');
    const text = field(request, 'msg');
    if (!/^7\d{10}$/.test(to) || !text)
      return { status: 'ERROR', status_code: 202, status_text: 'Неправильно указан получатель' };
    await db
      .insertInto('sandbox_outbox')
      .values({ channel: 'sms', recipient: to, code: /\b\d{4,6}\b/.exec(text)?.[0] ?? null, text })
      .execute();
    return {
      status: 'OK',
      status_code: 100,
      sms: { [to]: { status: 'OK', status_code: 100, sms_id: randomBytes(6).toString('hex') } },
      balance: 1000,
    };
  });

  app.post('/sandbox/providers/smsru/code/call', async (request) => {
    const refused = smsruAuth(request);
    if (refused) return refused;
    const phone = field(request, 'phone');
    if (!/^7\d{10}$/.test(phone)) return { status: 'ERROR', status_code: 202, status_text: 'Неправильно указан номер' };
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    const caller = `+7 (800) 555-${code.slice(0, 2)}-${code.slice(2)}`;
    await db
      .insertInto('sandbox_outbox')
      .values({
        channel: 'call',
        recipient: phone,
        code,
        text: `Входящий звонок с номера ${caller}. Код — последние 4 цифры: ${code}`,
      })
      .execute();
    return { status: 'OK', code, call_id: randomBytes(6).toString('hex'), cost: 0.4, balance: 1000 };
  });

  app.post('/sandbox/providers/smsru/callcheck/add', async (request) => {
    const refused = smsruAuth(request);
    if (refused) return refused;
    const phone = field(request, 'phone');
    if (!/^7\d{10}$/.test(phone)) return { status: 'ERROR', status_code: 202, status_text: 'Неправильно указан номер' };
    const checkId = `${randomInt(100_000, 999_999)}-${randomInt(100, 999)}`;
    const callPhone = `7800500${String(randomInt(0, 10_000)).padStart(4, '0')}`;
    await db
      .insertInto('sandbox_inbound_checks')
      .values({ check_id: checkId, phone, call_phone: callPhone, expires_at: new Date(Date.now() + 5 * 60 * 1000) })
      .execute();
    return {
      status: 'OK',
      status_code: 100,
      check_id: checkId,
      call_phone: callPhone,
      call_phone_pretty: `+7 (800) 500-${callPhone.slice(7, 9)}-${callPhone.slice(9)}`,
    };
  });

  app.post('/sandbox/providers/smsru/callcheck/status', async (request) => {
    const refused = smsruAuth(request);
    if (refused) return refused;
    const check = await db
      .selectFrom('sandbox_inbound_checks')
      .selectAll()
      .where('check_id', '=', field(request, 'check_id'))
      .executeTakeFirst();
    const status = !check || (check.status === 'pending' && check.expires_at < new Date()) ? 'expired' : check.status;
    const code = { pending: '400', confirmed: '401', expired: '402' }[status];
    return { status: 'OK', status_code: 100, check_status: code, check_status_text: status };
  });

  /** The guest's call for inbound sign-in: confirms the latest pending check of that phone. */
  app.post('/sandbox/inbound-call', async (request) => {
    const body = z.object({ phone: z.string() }).safeParse(request.body);
    if (!body.success) throw badRequest('Укажите phone.');
    const phone = normalisePhone(body.data.phone);
    const confirmed = await db
      .updateTable('sandbox_inbound_checks')
      .set({ status: 'confirmed' })
      .where('check_id', '=', (qb) =>
        qb
          .selectFrom('sandbox_inbound_checks')
          .select('check_id')
          .where('phone', '=', phone)
          .where('status', '=', 'pending')
          .where('expires_at', '>', new Date())
          .orderBy('created_at', 'desc')
          .limit(1),
      )
      .returning(['check_id', 'call_phone'])
      .executeTakeFirst();
    if (!confirmed) throw notFound('Нет ожидающего звонка для этого номера.', 'no_pending_call');
    return { success: true, called: confirmed.call_phone };
  });

  // --- Mailgun counterpart (POST /v3/{domain}/messages) ---------------------------------------
  app.post('/sandbox/providers/mailgun/v3/:domain/messages', async (request, reply) => {
    // The faults switch below: a mail service that cannot take a letter now.
    if (await takeFault(db, 'sandbox_mail_faults')) return replyFault(reply);
    const expected = `Basic ${Buffer.from(`api:${app.config.providers.mail.apiKey}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      return reply.status(401).send({ message: 'Invalid private key' });
    }
    const form = z
      .object({
        from: z.string().min(1),
        to: z.string().min(3),
        subject: z.string(),
        text: z.string().min(1),
        'h:Message-Id': z.string().max(300).optional(),
      })
      .passthrough()
      .safeParse(request.body);
    if (!form.success) return reply.status(400).send({ message: "'to' and 'text' are required" });
    await db
      .insertInto('sandbox_outbox')
      .values({
        channel: 'email',
        recipient: form.data.to.trim().toLowerCase(),
        // A sign-in code (its subject names it), never a number of a receipt's letter.
        code: /код/i.test(form.data.subject) ? (/\b\d{4,6}\b/.exec(form.data.text)?.[0] ?? null) : null,
        text: `${form.data.subject}\n\n${form.data.text}`,
        message_id: form.data['h:Message-Id'] ?? null,
      })
      .execute();
    return { id: `<${randomBytes(8).toString('hex')}@sandbox>`, message: 'Queued. Thank you.' };
  });

  // The mail service's faults switch: its next `count` messages answer 503 (docs/sandbox.md).
  registerFaultsSwitch(app, '/sandbox/providers/mailgun/faults', 'sandbox_mail_faults', { message: 'count: 0…100' });

  // --- The outbox ------------------------------------------------------------------------------
  app.get('/sandbox/outbox', async (request) => {
    const query = z.object({ to: z.string().min(3) }).safeParse(request.query);
    if (!query.success) throw badRequest('Укажите to: телефон или e-mail.');
    // A staff sign-in's captcha is drawn for its id, not a contact (modules/staff/sign-in-limits.ts).
    const to = isStaffCaptchaContact(query.data.to) ? query.data.to : normaliseContact(query.data.to);
    const messages = await db
      .selectFrom('sandbox_outbox')
      .select(['channel', 'recipient', 'code', 'text', 'created_at'])
      .where('recipient', '=', to)
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    const captcha = await db
      .selectFrom('sandbox_captchas')
      .select('answer')
      .where('contact', '=', to)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return {
      messages: messages.reverse().map((m) => ({
        channel: m.channel,
        to: m.recipient,
        code: m.code,
        text: m.text,
        at: m.created_at.toISOString(),
      })),
      captcha: captcha?.answer ?? null,
    };
  });

  // The acquirer (RBS REST, card form) and SBP bank pages: src/sandbox/payments.ts.
  await app.register(paymentSandboxRoutes);
  // The geocoder (Photon protocol) and the map tiles of the demo city: src/sandbox/geocoder.ts, tiles.ts.
  await app.register(geocoderSandboxRoutes);
  await app.register(tileSandboxRoutes);
  await app.register(tipsSandboxRoutes);
  // The captcha service (SmartCaptcha's check and a stand-in widget): src/sandbox/smartcaptcha.ts.
  await app.register(smartcaptchaSandboxRoutes);
  // The kitchen's next move of one order, now: src/sandbox/kitchen.ts.
  await app.register(kitchenSandboxRoutes);
  // Home's service tiles on and off (settings and a guest's flags): src/sandbox/service-switches.ts.
  await app.register(serviceSwitchSandboxRoutes);

  // Unknown sandbox paths are a plain 404, like any provider's.
  app.all('/sandbox/*', async () => {
    throw notFound('Неизвестный адрес песочницы.');
  });
};
