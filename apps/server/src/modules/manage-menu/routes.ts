import type { FastifyPluginAsync } from 'fastify';
import {
  carryDishCall,
  createCategoryCall,
  createDishCall,
  manageMenuCall,
  orderCategoriesCall,
  orderDishesCall,
  removeDishCall,
  restoreDishCall,
  saveCategoryCall,
  saveDishCall,
  STAFF_PHOTO_BODY_LIMIT,
  uploadMenuPhotoCall,
} from '@chain/contract';
import { registerCall } from '../../http/route';
import { keepStaffPhoto } from '../photos';
import { requireChainManager, requireManager, requireRestaurant } from '../staff';
import {
  carryDish,
  createCategory,
  createDish,
  manageMenu,
  orderCategories,
  orderDishes,
  removeDish,
  restoreDish,
  saveCategory,
  saveDish,
} from './service';

/**
 * The back office's menu (issue 31, docs/back-office.md «Меню», decision 044). Managers read it;
 * the catalogue is the chain's, so only its managers change it; a restaurant's manager chooses
 * which dishes their restaurants carry. Every change is saved with its audit row in one
 * transaction and bumps the catalogue version, so guests' open menus follow at once.
 */
export const manageMenuRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, manageMenuCall, async ({ staff }) => {
    requireManager(staff);
    return manageMenu(app.db, staff);
  });

  registerCall(app, createCategoryCall, async ({ staff, body }) => {
    requireChainManager(staff);
    return createCategory(app.db, staff, body);
  });

  registerCall(app, orderCategoriesCall, async ({ staff, body }) => {
    requireChainManager(staff);
    return { categories: await orderCategories(app.db, staff, body) };
  });

  registerCall(app, saveCategoryCall, async ({ staff, params, body }) => {
    requireChainManager(staff);
    return saveCategory(app.db, staff, params.id, body);
  });

  registerCall(app, createDishCall, async ({ staff, body }) => {
    requireChainManager(staff);
    return createDish(app.db, staff, body);
  });

  registerCall(app, saveDishCall, async ({ staff, params, body }) => {
    requireChainManager(staff);
    return saveDish(app.db, staff, params.id, body);
  });

  registerCall(app, removeDishCall, async ({ staff, params, body }) => {
    requireChainManager(staff);
    return removeDish(app.db, staff, params.id, body.version);
  });

  registerCall(app, orderDishesCall, async ({ staff, params, body }) => {
    requireChainManager(staff);
    return orderDishes(app.db, staff, params.id, body);
  });

  registerCall(app, restoreDishCall, async ({ staff, params, body }) => {
    requireChainManager(staff);
    return restoreDish(app.db, staff, params.id, body.version);
  });

  registerCall(app, carryDishCall, async ({ staff, params, body }) => {
    requireManager(staff);
    requireRestaurant(staff, params.restaurant);
    return carryDish(app.db, staff, params.id, params.restaurant, body);
  });

  registerCall(
    app,
    uploadMenuPhotoCall,
    async ({ staff, body }) => {
      requireChainManager(staff);
      return keepStaffPhoto(app.db, staff.id, body.data_url);
    },
    { bodyLimit: STAFF_PHOTO_BODY_LIMIT },
  );
};
