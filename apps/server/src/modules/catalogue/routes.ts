import type { FastifyPluginAsync } from 'fastify';
import { CATALOGUE_LIMITS, CATALOGUE_TEXTS, staffCatalogueExportCall, staffCatalogueImportCall } from '@chain/contract';
import { conflict } from '../../http/errors';
import { registerCall } from '../../http/route';
import { requireChainManager } from '../staff/access';
import { writeAudit } from '../staff/audit';
import { CatalogueChangedError, exportCatalogue, importCatalogue } from './service';

/** A file's text at its longest, as UTF-8 in a JSON string (Cyrillic takes two bytes, escapes more): with room to spare. */
const IMPORT_BODY_LIMIT = CATALOGUE_LIMITS.textLength * 3;

/**
 * The catalogue's export and import in the back office (issue 31, decision 051): managers of the
 * whole chain. An applied import writes one audit row with the difference, in its transaction.
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
        const outcome = await importCatalogue(app.db, body, {
          dryRun: body.dry_run,
          ...(body.based_on !== undefined ? { basedOn: body.based_on } : {}),
          onApplied: (trx, difference, fingerprints) =>
            writeAudit(trx, staff, {
              action: 'catalogue.import',
              restaurantId: null,
              target: body.format === 'csv' ? 'каталог: цены блюд (CSV)' : 'каталог',
              before: { fingerprint: fingerprints.before },
              after: { fingerprint: fingerprints.after, difference },
            }),
        });
        return { applied: outcome.applied, problems: outcome.problems, difference: outcome.difference, fingerprint: outcome.fingerprint };
      } catch (error) {
        if (error instanceof CatalogueChangedError) throw conflict(CATALOGUE_TEXTS.changedSinceCheck, 'catalogue_changed');
        throw error;
      }
    },
    { bodyLimit: IMPORT_BODY_LIMIT },
  );
};
