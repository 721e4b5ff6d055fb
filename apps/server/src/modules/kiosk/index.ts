// The kiosk module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export { hashKioskCode } from './codes';
export { connectedKioskCount, opensKioskOrder, requireKioskDevice } from './devices';
export type { KioskDevice, KioskOrder } from './devices';
export { endRestaurantKioskDevices, setKioskCodeHash } from './repository';
export { kioskRoutes } from './routes';
