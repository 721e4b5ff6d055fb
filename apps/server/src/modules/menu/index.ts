// The menu module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export { menuEventsRoutes } from './events';
export { menuPagePreloads } from './page-preloads';
export { menuRoutes } from './routes';
export { MenuService } from './service';
