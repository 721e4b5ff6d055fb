// The staff-zones module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export { staffZonesRoutes } from './routes';
