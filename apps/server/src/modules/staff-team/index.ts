// The staff-team module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export { staffTeamRoutes } from './routes';
