// Shared by the command-line scripts: the database at DATABASE_URL, or the embedded one under DATA_DIR
// (the same one `npm start` uses; stop the server first, since one data directory serves one process).
import { acquireDataDirLock, startEmbeddedPostgres } from "../app/server/embedded-postgres.server";
import { runMigrations } from "../app/server/migrate.server";

export async function openScriptDatabase(): Promise<{ close: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    await runMigrations(process.env.DATABASE_URL);
    const { closeDb } = await import("../app/server/db.server");
    return { close: closeDb };
  }
  const dir = process.env.DATA_DIR || ".data";
  const release = acquireDataDirLock(dir);
  const embedded = await startEmbeddedPostgres(dir);
  process.env.DATABASE_URL = embedded.url;
  await runMigrations(embedded.url);
  const { closeDb } = await import("../app/server/db.server");
  return {
    close: async () => {
      await closeDb();
      await embedded.stop();
      release();
    },
  };
}
