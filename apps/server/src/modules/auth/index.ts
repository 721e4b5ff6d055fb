// The auth module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export { verifyCaptcha } from './captcha';
export { normaliseContact, normalisePhone } from './contacts';
export { answerCaptchaImage, authRoutes } from './routes';
export { hmac, sameHash } from './secrets';
export { deliver } from './service';
export {
  authenticate,
  hashToken,
  openSession,
  revokeSession,
  SESSION_EXPIRED_MESSAGE,
  toUserResponse,
} from './sessions';
export type { UserRow } from './sessions';
