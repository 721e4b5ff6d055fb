// The ratings module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export { registerRatingActions } from './actions';
export { PhotoBusyError, sniffPhotoType } from './photos';
export { ratingsRoutes } from './routes';
