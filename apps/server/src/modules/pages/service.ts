import type { Kysely } from 'kysely';
import { PAGE_NOT_FOUND_MESSAGE, type ChainPage } from '@chain/contract';
import type { Database } from '../../db/types';
import { etagOf } from '../../http/etag';
import { notFound } from '../../http/errors';
import { findPage } from './repository';

/** A page as the app gets it, with the ETag of its answer (decision 024). */
export async function chainPage(db: Kysely<Database>, slug: string): Promise<{ body: ChainPage; etag: string }> {
  const row = await findPage(db, slug);
  if (!row) throw notFound(PAGE_NOT_FOUND_MESSAGE, 'page_not_found');
  const body: ChainPage = {
    slug: row.slug,
    title: row.title,
    body: row.body,
    updated_at: row.updated_at.toISOString(),
  };
  return { body, etag: etagOf(JSON.stringify(body)) };
}
