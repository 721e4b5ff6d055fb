// The settings module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export { loadSettings, settingRows, writeSetting } from './repository';
export { settingsRoutes } from './routes';
