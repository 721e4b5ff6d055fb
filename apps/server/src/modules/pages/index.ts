// The pages module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export { editablePage, editablePages, savePageOver } from './repository';
export { pagesRoutes } from './routes';
export { checkPageInput, hasControl } from './text';
