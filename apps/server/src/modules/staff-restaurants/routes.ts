import type { FastifyPluginAsync } from 'fastify';
import {
  manageArchiveRestaurantCall,
  manageCloseRestaurantCall,
  manageCreateRestaurantCall,
  manageKioskCodeCall,
  manageRestaurantCall,
  manageRestaurantsCall,
  manageSaveRestaurantCall,
  manageUploadRestaurantPhotoCall,
  STAFF_PHOTO_BODY_LIMIT,
} from '@chain/contract';
import { registerCall } from '../../http/route';
import { keepStaffPhoto } from '../photos';
import { requireManager } from '../staff';
import {
  archiveRestaurant,
  closeRestaurant,
  createRestaurant,
  managedRestaurant,
  managedRestaurants,
  saveKioskCode,
  saveRestaurant,
} from './service';

/** The back office's restaurants (issue 31, docs/back-office.md «Рестораны»): each call is the service's. */
export const staffRestaurantsRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, manageRestaurantsCall, async ({ staff }) => managedRestaurants(app.db, staff));
  registerCall(app, manageRestaurantCall, async ({ params, staff }) => managedRestaurant(app.db, staff, params.id));
  registerCall(app, manageCreateRestaurantCall, async ({ body, staff }) => createRestaurant(app.db, staff, body));
  registerCall(app, manageSaveRestaurantCall, async ({ params, body, staff }) =>
    saveRestaurant(app.db, staff, params.id, body),
  );
  registerCall(app, manageCloseRestaurantCall, async ({ params, body, staff }) =>
    closeRestaurant(app.db, staff, params.id, body),
  );
  registerCall(app, manageArchiveRestaurantCall, async ({ params, body, staff }) =>
    archiveRestaurant(app.db, staff, params.id, body),
  );

  // The photo's upload only keeps the picture (by its content, as a dish's); the restaurant shows
  // it once its form's versioned, audited save names it.
  registerCall(
    app,
    manageUploadRestaurantPhotoCall,
    async ({ body, staff }) => {
      requireManager(staff);
      return keepStaffPhoto(app.db, staff.id, body.data_url);
    },
    { bodyLimit: STAFF_PHOTO_BODY_LIMIT },
  );

  registerCall(app, manageKioskCodeCall, async ({ params, body, staff }) =>
    saveKioskCode(app.db, staff, params.id, body),
  );
};
