import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseHandle } from './client';
import type { Database } from './types';

const VERSION_QUERY = CompiledQuery.raw('select version from catalogue_version');
/** The channel the triggers of migration 003 notify on every change. */
const CHANNEL = 'catalogue_version';

/**
 * The catalogue version (migration 003): one row that triggers bump in the same transaction as
 * any change to what the menu or the restaurant list shows. Compiled once: this is the only
 * query a menu or list request makes.
 */
export async function readCatalogueVersion(db: Kysely<Database> | Transaction<Database>): Promise<number> {
  const result = await db.executeQuery<{ version: number | string }>(VERSION_QUERY);
  const version = result.rows[0]?.version;
  if (version === undefined) throw new Error('catalogue_version has no row: migration 003 was not applied');
  return Number(version);
}

const ignore = () => undefined;

/**
 * The current catalogue version, as cheaply as freshness allows: a request never sees an
 * older version than the one committed when it arrived.
 *
 * - PostgreSQL (shared by every instance): a read per request, but a request that finds a read
 *   already running (it may have started before the request came) waits for the next read,
 *   which every request arriving meanwhile shares. Under load that is one query per round trip
 *   instead of one per request.
 * - PGlite (embedded: this process is the only writer): the triggers' notification arrives
 *   before the committing statement returns, so the version read once stays known until the
 *   next notification, and a request costs no query at all.
 */
export class CatalogueVersionReader {
  #running: Promise<number> | undefined;
  #next: Promise<number> | undefined;
  /** PGlite: the version while no notification has come since it was read. */
  #known: number | undefined;
  #changes = 0;
  #listening: Promise<boolean> | undefined;

  constructor(private readonly database: DatabaseHandle) {}

  async read(): Promise<number> {
    if (!(await (this.#listening ??= this.#listen()))) return this.#coalescedRead();
    if (this.#known !== undefined) return this.#known;
    const changesBefore = this.#changes;
    const version = await this.#coalescedRead();
    // A change committed while reading: the value read may already be old, do not keep it.
    if (this.#changes === changesBefore) this.#known = version;
    return version;
  }

  async #listen(): Promise<boolean> {
    const subscribe = this.database.onNotification?.bind(this.database);
    if (!subscribe) return false;
    subscribe((channel) => {
      if (channel !== CHANNEL) return;
      this.#changes += 1;
      this.#known = undefined;
    });
    try {
      await sql`listen catalogue_version`.execute(this.database.db);
      return true;
    } catch {
      return false;
    }
  }

  #coalescedRead(): Promise<number> {
    if (!this.#running) return this.#start();
    this.#next ??= this.#running.then(ignore, ignore).then(() => {
      this.#next = undefined;
      return this.#start();
    });
    return this.#next;
  }

  #start(): Promise<number> {
    const running = readCatalogueVersion(this.database.db);
    this.#running = running;
    const settled = () => {
      if (this.#running === running) this.#running = undefined;
    };
    running.then(settled, settled);
    return running;
  }
}

const readers = new WeakMap<DatabaseHandle, CatalogueVersionReader>();

/** The version reader shared by every cache of one database handle. */
export function catalogueVersionReader(database: DatabaseHandle): CatalogueVersionReader {
  let reader = readers.get(database);
  if (!reader) {
    reader = new CatalogueVersionReader(database);
    readers.set(database, reader);
  }
  return reader;
}

/**
 * A value built from the catalogue, kept in memory for the catalogue version it was read at.
 * Every instance keeps its own copy and rebuilds it only when the version moved; concurrent
 * requests share one rebuild.
 *
 * The loader reads the version and the data in one repeatable-read transaction, so the value
 * is exactly the catalogue of that version, never a mix of two.
 */
export class VersionedCache<T> {
  #held: { version: number; value: T } | undefined;
  #loading: Promise<{ version: number; value: T }> | undefined;
  readonly #versions: CatalogueVersionReader;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly load: (trx: Transaction<Database>, version: number) => Promise<T>,
  ) {
    this.#versions = catalogueVersionReader(database);
  }

  /** The value for the current catalogue version. */
  async current(): Promise<T> {
    return this.at(await this.#versions.read());
  }

  /** The value at this version or a newer one. */
  async at(version: number): Promise<T> {
    const held = this.#held;
    if (held && held.version >= version) return held.value;
    this.#loading ??= this.#reload().finally(() => {
      this.#loading = undefined;
    });
    const loaded = await this.#loading;
    // A change landed while an older load was running: load once more.
    return loaded.version >= version ? loaded.value : this.at(version);
  }

  async #reload(): Promise<{ version: number; value: T }> {
    const loaded = await this.database.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const version = await readCatalogueVersion(trx);
        return { version, value: await this.load(trx, version) };
      });
    if (!this.#held || this.#held.version < loaded.version) this.#held = loaded;
    return loaded;
  }
}
