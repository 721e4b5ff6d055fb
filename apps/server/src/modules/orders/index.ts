// The orders module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export { orderCatalogue } from './catalogue';
export { knownTable } from './context';
export { ordersRoutes } from './routes';
