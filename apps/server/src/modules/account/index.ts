// The account module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export { uniqueViolation } from './repository';
export { accountRoutes } from './routes';
