// The load module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export { registerLoadActions } from './actions';
export { restaurantLoads } from './service';
