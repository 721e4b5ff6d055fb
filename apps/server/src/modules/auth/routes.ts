import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  authInbound,
  captchaConfig,
  captchaImage,
  checkEmailCode,
  checkInbound,
  checkSms,
  sendEmailCode,
  sendSms,
} from '@chain/contract';
import { captchaConfigOf } from '../../adapters';
import { addressLimitKey } from '../../http/client-address';
import { registerCall } from '../../http/route';
import { consumeRateLimits } from '../../http/rate-limit';
import { issueCaptcha } from './captcha';
import { normaliseContact, normaliseEmail, normalisePhone } from './contacts';
import * as auth from './service';

/**
 * A new captcha image for the contact (a guest's phone or e-mail, or a staff sign-in's captcha
 * id), answered as PNG bytes: 60 images per address in 10 minutes, guests' and staff's together.
 */
export async function answerCaptchaImage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  contact: string,
): Promise<FastifyReply> {
  await consumeRateLimits(app.db, [{ key: addressLimitKey('captcha', request.ip), limit: 60, windowSeconds: 600 }]);
  const png = await issueCaptcha(app.db, app.config.authSecret, contact, app.sandboxHooks?.captchaIssued);
  // Bytes, not the contract's JSON: the handler sends them itself.
  return reply.type('image/png').header('cache-control', 'no-store').send(png);
}

/** Sign-in calls of SPEC 7 (see packages/contract/src/auth.ts for the shapes). */
export const authRoutes: FastifyPluginAsync = async (app) => {
  // Which captcha the sign-in screen shows (decision 061): the same for every guest until a restart.
  const captcha = captchaConfigOf(app.config.captcha);
  registerCall(app, captchaConfig, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=300');
    return captcha;
  });

  registerCall(app, captchaImage, async ({ params, request, reply }) => {
    // The router hands the path parameter over decoded once; decoding it again turned «%25» into
    // a 500 and «%2540» into an @ (issue 11, second read). Neither a phone nor an e-mail: a 400.
    return answerCaptchaImage(app, request, reply, normaliseContact(params.contact));
  });

  registerCall(app, sendEmailCode, async ({ body, request }) =>
    auth.sendEmailCode(app, { email: normaliseEmail(body.email), captcha: body.captcha, ip: request.ip }),
  );

  registerCall(app, checkEmailCode, async ({ body, request }) =>
    auth.checkEmailCode(app, {
      email: normaliseEmail(body.email),
      code: body.code.trim(),
      ip: request.ip,
      pushToken: body.pushToken,
    }),
  );

  registerCall(app, sendSms, async ({ body, request }) =>
    auth.sendPhoneCode(app, {
      phone: normalisePhone(body.phone),
      captcha: body.captcha,
      authType: body.authType,
      ip: request.ip,
    }),
  );

  registerCall(app, checkSms, async ({ body, request }) =>
    auth.checkPhoneCode(app, {
      phone: normalisePhone(body.phone),
      code: body.code.trim(),
      ip: request.ip,
      pushToken: body.pushToken,
    }),
  );

  registerCall(app, authInbound, async ({ body, request }) =>
    auth.startInbound(app, { phone: normalisePhone(body.phone), captcha: body.captcha, ip: request.ip }),
  );

  registerCall(app, checkInbound, async ({ body, request }) =>
    auth.checkInbound(app, {
      callId: body.callId,
      phone: normalisePhone(body.phone),
      ip: request.ip,
      pushToken: body.pushToken,
    }),
  );
};
