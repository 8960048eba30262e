import { runMigrations } from "../app/server/migrate.server";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error(
    "Set DATABASE_URL to the PostgreSQL server to migrate (npm start migrates the embedded one).",
  );
  process.exit(1);
}
await runMigrations(url);
console.log("Migrations applied.");
