// The restaurants module's surface: all that other modules and the app import of it (docs/architecture.md, "Modules").
export {
  activeRestaurantsWithSchedules,
  findActiveRestaurant,
  holidaysOfRestaurant,
  RESTAURANT_NOT_FOUND_MESSAGE,
  restaurantChoiceOf,
  restaurantNamesOf,
  scheduleHolidayOf,
  schedulesByRestaurant,
} from './lookup';
export type { RestaurantWithSchedule } from './lookup';
export { restaurantsRoutes } from './routes';
