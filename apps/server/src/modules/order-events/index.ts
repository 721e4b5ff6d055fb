// The order-events module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export { notifyOrderStatus, ORDER_BOARD_CHANNEL, refundDelayed, refundStateOf } from './repository';
export { orderEventsRoutes } from './routes';
