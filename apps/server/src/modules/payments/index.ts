// The payments module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export { bankAnswerOf, LEASE_SECONDS, MAX_CLOSING_ATTEMPTS, retryDelaySeconds } from './closing';
export { expireUnpaidOrders } from './expiry';
export { MAX_RECEIPT_ATTEMPTS } from './receipt-mail';
export { cancelOpenPayments, insertPaymentEvent, secondsFromNow } from './repository';
export { ACQUIRING_CALLBACK_PATH, paymentsRoutes, SBP_CALLBACK_PATH } from './routes';
export { startPaymentWorker } from './worker';
