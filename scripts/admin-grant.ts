// npm run admin:grant -- someone@example.com
// Gives an existing account the admin role (ADMIN_EMAILS does the same at sign-up and on first visit to /admin).
import { DataDirInUseError } from "../app/server/embedded-postgres.server";
import { openScriptDatabase } from "./script-db";

const email = process.argv.slice(2).find((a) => !a.startsWith("-"));
if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) {
  console.error("Usage: npm run admin:grant -- someone@example.com");
  process.exit(1);
}

let database: Awaited<ReturnType<typeof openScriptDatabase>>;
try {
  database = await openScriptDatabase();
} catch (err) {
  console.error(
    err instanceof DataDirInUseError ? err.message : `Cannot open the database: ${(err as Error).message}`,
  );
  process.exit(1);
}
const { grantAdminByEmail } = await import("../app/features/admin/queries.server");
const granted = await grantAdminByEmail(email);
await database.close();
if (!granted) {
  console.error(`No account with the e-mail ${email}. Register it first, then run this again.`);
  process.exit(1);
}
console.log(`${email} is now an admin. It can open /admin now.`);
