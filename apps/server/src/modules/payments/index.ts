// The payments module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export { bankAnswerOf, LEASE_SECONDS, MAX_CLOSING_ATTEMPTS } from './closing';
export type { ClosingDeps } from './closing';
export { expireUnpaidOrders } from './expiry';
export { RECEIPT_POLICY } from './receipt-mail';
export { cancelOpenPayments, insertPaymentEvent } from './repository';
export { ACQUIRING_CALLBACK_PATH, paymentsRoutes, SBP_CALLBACK_PATH } from './routes';
export { startPaymentWorker } from './worker';
