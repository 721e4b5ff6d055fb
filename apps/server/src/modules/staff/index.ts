// The staff module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export {
  mayActOn,
  requireChainManager,
  requireManager,
  requireRestaurant,
  staffActor,
  staffRestaurant,
} from './access';
export type { StaffPrincipal } from './access';
export { checkStaffAccount, isRefusal, keepAChainManager } from './accounts';
export type { StaffAccountFields } from './accounts';
export { writeAudit } from './audit';
export { openStaffEventStream } from './event-routes';
export { endedSessions, StaffEventsHub } from './events-hub';
export { generatePassword, hashPassword } from './passwords';
export {
  endStaffSessions,
  existingRestaurantIds,
  lockActiveChainManagers,
  notifyTeamChange,
  setStaffRestaurants,
  STAFF_SESSIONS_CHANNEL,
  STAFF_TEAM_CHANNEL,
} from './repository';
export { staffRoutes } from './routes';
export { authenticateStaffToken } from './sessions';
export { isStaffCaptchaContact } from './sign-in-limits';

/** The sandbox's demo staff accounts, loaded only when the sandbox seeds them (never in production). */
export const loadStaffDemo = () => import('./demo');
