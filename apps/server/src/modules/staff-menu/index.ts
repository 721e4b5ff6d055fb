// The staff-menu module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export { staffMenuRoutes } from './routes';
