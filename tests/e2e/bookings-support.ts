// Seeds what the profile editor's Account tab would save, straight into the e2e server's embedded
// database (its port is in postmaster.pid, its password beside it), so the bookings specs do not
// depend on the editor's UI.
import { randomBytes } from "node:crypto";
import { withDb } from "./support";

/** Makes the musician's website active with a fresh slug; returns the slug. */
export async function activateWebsite(email: string, stageName: string): Promise<string> {
  const slug = `e2e-${randomBytes(4).toString("hex")}`;
  await withDb(async (c) => {
    const res = await c.query(
      `UPDATE musician_profiles SET slug = $1, stage_name = $2, phone_number = '08030000000', website_active = true,
         performance_roles = ARRAY['Saxophonist'], location = 'Lagos'
       WHERE user_id = (SELECT id FROM "user" WHERE email = $3)`,
      [slug, stageName, email],
    );
    if (res.rowCount !== 1) throw new Error(`no profile for ${email}`);
  });
  return slug;
}
