/**
 * Creates the PostgreSQL database named in the URL when it does not exist; returns a function
 * dropping it again (null when it existed: an existing database is the caller's and is left alone).
 */
export async function ensureDatabase(url: string): Promise<(() => Promise<void>) | null> {
  const pg = (await import("pg")).default;
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const adminUrl = new URL(url);
  adminUrl.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (rowCount) return null;
    await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
  return async () => {
    const c = new pg.Client({ connectionString: adminUrl.toString() });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
    await c.end();
  };
}
