import type { FastifyPluginAsync } from 'fastify';
import { CATALOGUE_LIMITS, CATALOGUE_TEXTS, staffCatalogueExportCall, staffCatalogueImportCall } from '@chain/contract';
import { conflict } from '../../http/errors';
import { registerCall } from '../../http/route';
import { requireChainManager } from '../staff';
import { CatalogueChangedError, exportCatalogue, importCatalogueAsStaff } from './service';

/** A file's text at its longest, as UTF-8 in a JSON string (Cyrillic takes two bytes, escapes more): with room to spare. */
const IMPORT_BODY_LIMIT = CATALOGUE_LIMITS.textLength * 3;

/**
 * The catalogue's export and import in the back office (issue 31, decision 051): managers of the
 * whole chain; the service writes an applied import's audit row in its transaction.
 */
export const catalogueRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, staffCatalogueExportCall, async ({ staff }) => {
    requireChainManager(staff);
    return exportCatalogue(app.db);
  });

  registerCall(
    app,
    staffCatalogueImportCall,
    async ({ staff, body }) => {
      requireChainManager(staff);
      try {
        return await importCatalogueAsStaff(app.db, staff, body);
      } catch (error) {
        if (error instanceof CatalogueChangedError)
          throw conflict(CATALOGUE_TEXTS.changedSinceCheck, 'catalogue_changed');
        throw error;
      }
    },
    { bodyLimit: IMPORT_BODY_LIMIT },
  );
};
