import type { FastifyPluginAsync } from 'fastify';
import { staffCaptchaCall, staffMeCall, staffSignInCall, staffSignOutCall, staffVerifyCall } from '@chain/contract';
import { registerCall } from '../../http/route';
import { answerCaptchaImage } from '../auth';
import { staffManageRoutes } from './manage';
import { endStaffSession, finishStaffSignIn, staffMe, startStaffSignIn } from './sessions';
import { staffCaptchaContact } from './sign-in-limits';

/** The staff's sign-in and session calls (issue 17, docs/staff.md). */
export const staffRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, staffSignInCall, ({ body, request }) =>
    startStaffSignIn(app, {
      login: body.login,
      password: body.password,
      ip: request.ip,
      device: body.device,
      captchaId: body.captcha_id,
      captcha: body.captcha,
    }),
  );
  registerCall(app, staffCaptchaCall, ({ params, request, reply }) =>
    answerCaptchaImage(app, request, reply, staffCaptchaContact(params.id)),
  );
  registerCall(app, staffVerifyCall, ({ body, request }) =>
    finishStaffSignIn(app, { challenge: body.challenge, code: body.code, userAgent: request.headers['user-agent'] }),
  );
  registerCall(app, staffMeCall, ({ staff }) => staffMe(app.db, staff));
  registerCall(app, staffSignOutCall, async ({ staff }) => {
    await endStaffSession(app.db, staff);
    return { ok: true as const };
  });
  await app.register(staffManageRoutes);
};
