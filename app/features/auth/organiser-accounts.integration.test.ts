import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as bookingsLoader } from "~/routes/client-bookings";
import { action as loginAction } from "~/routes/login";
import { loader as dashboardLoader } from "~/routes/musician-dashboard";
import { action as profileAction } from "~/routes/profile";
import { action as registerAction } from "~/routes/register";
import { auth } from "~/server/auth.server";
import { db } from "~/server/db.server";
import { publicOrigin } from "~/server/env.server";
import { user } from "~db/schema/auth";
import { musicianProfiles } from "~db/schema/profiles";
import {
  createMusician,
  createOrganiser,
  loadContext,
  requestAs,
  settle,
  testIp,
} from "../../../tests/support/accounts";

const routeArgs = (request: Request) =>
  ({ request, params: {}, context: loadContext(testIp()), unstable_pattern: "" }) as never;

async function roleAndProfile(email: string) {
  const [row] = await db
    .select({ role: user.role, profileId: musicianProfiles.id })
    .from(user)
    .leftJoin(musicianProfiles, eq(musicianProfiles.userId, user.id))
    .where(eq(user.email, email));
  return row;
}

describe("Event Organizer accounts", () => {
  it("registers an organiser without a musician profile and lands them on My Bookings", async () => {
    const email = `org-${Date.now()}@example.com`;
    const res = (await settle(() =>
      registerAction(
        routeArgs(
          requestAs(null, "/register", {
            form: { firstName: "Ngozi", lastName: "Okafor", email, password: "password-123", role: "client" },
          }),
        ),
      ),
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/bookings");
    expect(await roleAndProfile(email)).toEqual({ role: "client", profileId: null });
  });

  it("signs an organiser in to /bookings", async () => {
    const o = await createOrganiser();
    const res = (await settle(() =>
      loginAction(routeArgs(requestAs(null, "/login", { form: { email: o.email, password: o.password } }))),
    )) as Response;
    expect(res.headers.get("location")).toBe("/bookings");
  });

  it("cannot be made an admin (or anything else) through the sign-up API", async () => {
    const email = `sneaky-${Date.now()}@example.com`;
    const res = await auth().handler(
      new Request(`${publicOrigin()}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: publicOrigin(), "x-forwarded-for": testIp() },
        body: JSON.stringify({
          email,
          password: "password-123",
          name: "S N",
          firstName: "S",
          lastName: "N",
          accountType: "admin",
        }),
      }),
    );
    expect(res.status).toBe(200);
    expect((await roleAndProfile(email))?.role).toBe("musician");
  });

  it("keeps organisers out of musician pages and actions, and musicians out of My Bookings", async () => {
    const o = await createOrganiser();
    const page = (await settle(() =>
      dashboardLoader(routeArgs(requestAs(o, "/musician_dashboard"))),
    )) as Response;
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/bookings");
    const act = (await settle(() =>
      profileAction(routeArgs(requestAs(o, "/profile", { form: { intent: "remove-item", itemId: "x" } }))),
    )) as Response;
    expect(act.status).toBe(404);

    const m = await createMusician();
    const mine = (await settle(() => bookingsLoader(routeArgs(requestAs(m, "/bookings"))))) as Response;
    expect(mine.status).toBe(302);
    expect(mine.headers.get("location")).toBe("/musician_dashboard");
  });
});
