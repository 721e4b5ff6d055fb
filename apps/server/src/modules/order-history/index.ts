// The order-history module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export { followTokenOf, isFollowTokenOf } from './follow';
export type { FollowableOrder } from './follow';
export { orderStatusView } from './progress';
export type { progressBar } from './progress';
export { loadReceipt, receiptLetter } from './receipt';
export { findOrderLines, findPhotoIds, findUserOrderState } from './repository';
export { orderHistoryRoutes } from './routes';
export { addressText, displayTime, lineSpec, lineSpecs, ORDER_NOT_FOUND } from './service';
export { cancelResumedDelayedOrder, moveOrderStatus } from './status';
export type { StatusMove } from './status';
