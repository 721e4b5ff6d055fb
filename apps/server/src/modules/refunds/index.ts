// The refunds module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export { sendDueRefundMail } from './mail';
export { refundRoutes } from './routes';
export { processDueRefunds, refundsTheBankReported } from './service';
