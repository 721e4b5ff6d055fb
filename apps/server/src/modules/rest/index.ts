// The rest module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export { createRestActions } from './actions';
export type { RestActionRegistry } from './registry';
export { restRoutes } from './routes';
