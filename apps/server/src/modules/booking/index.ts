// The booking module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export { registerBookingActions } from './actions';
export { liveBookingTerms } from './bookings';
