import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';

// Every SQL statement of the photos managers upload — a dish's, a restaurant's (issue 31,
// migrations 025 and 033).

type Db = Kysely<Database> | Transaction<Database>;

/** Keeps an uploaded photo under its content name; the same picture again is the row already there. */
export async function saveUploadedPhoto(
  db: Db,
  photo: { name: string; data: Buffer; width: number; height: number; createdBy: number },
): Promise<void> {
  await db
    .insertInto('menu_photos')
    .values({
      name: photo.name,
      data: photo.data,
      width: photo.width,
      height: photo.height,
      created_by: photo.createdBy,
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** The bytes of an uploaded photo, or null when there is none of that name. */
export async function uploadedPhotoBytes(db: Db, name: string): Promise<Buffer | null> {
  const row = await db.selectFrom('menu_photos').select('data').where('name', '=', name).executeTakeFirst();
  return row ? Buffer.from(row.data) : null;
}

/** Whether an uploaded photo of that name is kept. */
export async function hasUploadedPhoto(db: Db, name: string): Promise<boolean> {
  const row = await db.selectFrom('menu_photos').select('name').where('name', '=', name).executeTakeFirst();
  return row !== undefined;
}
