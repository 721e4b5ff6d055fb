// The staff-board module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export { staffBoardRoutes } from './routes';
