// The catalogue module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export { catalogueRoutes } from './routes';
export { importCatalogueIn } from './service';
