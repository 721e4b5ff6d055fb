import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';

/** A stored page of the chain's texts (migration 016, decision 024). */
export interface PageRow {
  slug: string;
  title: string;
  body: string;
  updated_at: Date;
}

export async function findPage(db: Kysely<Database>, slug: string): Promise<PageRow | undefined> {
  return db
    .selectFrom('chain_pages')
    .select(['slug', 'title', 'body', 'updated_at'])
    .where('slug', '=', slug)
    .executeTakeFirst();
}

/**
 * Writes a page: a new slug is added, a known one gets the body (and the title when given) and
 * a new updated_at. A new slug needs a title. Returns the stored row, or undefined when the slug
 * is new and no title was given.
 */
export async function upsertPage(
  db: Kysely<Database>,
  page: { slug: string; title: string | null; body: string },
): Promise<PageRow | undefined> {
  const columns = ['slug', 'title', 'body', 'updated_at'] as const;
  if (page.title === null) {
    return db
      .updateTable('chain_pages')
      .set((eb) => ({ body: page.body, updated_at: eb.fn('now'), version: eb('version', '+', 1) }))
      .where('slug', '=', page.slug)
      .returning(columns)
      .executeTakeFirst();
  }
  const title = page.title;
  return db
    .insertInto('chain_pages')
    .values({ slug: page.slug, title, body: page.body })
    .onConflict((oc) =>
      oc.column('slug').doUpdateSet((eb) => ({
        title,
        body: page.body,
        updated_at: eb.fn('now'),
        version: eb('chain_pages.version', '+', 1),
      })),
    )
    .returning(columns)
    .executeTakeFirstOrThrow();
}

/** A page as the back office edits it (issue 31): its text and the version it is at (migration 023). */
export interface EditablePageRow {
  slug: string;
  title: string;
  body: string;
  version: number;
}

type Reader = Kysely<Database> | Transaction<Database>;

/** Every page, by slug, for the back office. */
export function editablePages(db: Reader): Promise<EditablePageRow[]> {
  return db.selectFrom('chain_pages').select(['slug', 'title', 'body', 'version']).orderBy('slug').execute();
}

export function editablePage(db: Reader, slug: string): Promise<EditablePageRow | undefined> {
  return db
    .selectFrom('chain_pages')
    .select(['slug', 'title', 'body', 'version'])
    .where('slug', '=', slug)
    .executeTakeFirst();
}

/** Saves a page over the version named (decision 043), with a new updated_at (so its ETag moves); undefined when it is at another version or gone. */
export function savePageOver(trx: Transaction<Database>, page: EditablePageRow): Promise<EditablePageRow | undefined> {
  return trx
    .updateTable('chain_pages')
    .set((eb) => ({ title: page.title, body: page.body, updated_at: eb.fn('now'), version: eb('version', '+', 1) }))
    .where('slug', '=', page.slug)
    .where('version', '=', page.version)
    .returning(['slug', 'title', 'body', 'version'])
    .executeTakeFirst();
}
