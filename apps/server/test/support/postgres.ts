import pg from 'pg';

/** The PostgreSQL the API tests use when it is there: this machine kind's local server. */
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function databaseUrl(name: string, base = ADMIN_URL): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs statements on the admin connection (create / drop database cannot run in a transaction). */
export async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function postgresReachable(): Promise<boolean> {
  try {
    await admin((client) => client.query('select 1'));
    return true;
  } catch {
    return false;
  }
}

export async function dropDatabase(name: string): Promise<void> {
  await admin((client) => client.query(`drop database if exists "${name}" with (force)`));
}
