import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { loader as dashboardLoader } from "~/routes/musician-dashboard";
import { action as registerAction } from "~/routes/register";
import { db } from "~/server/db.server";
import { user } from "~db/schema/auth";
import { musicianProfiles } from "~db/schema/profiles";
import { createMusician, loadContext, requestAs, settle, testIp } from "../../../tests/support/accounts";
import { requestPasswordReset, resetPassword, signIn } from "./accounts.server";

const routeArgs = (request: Request, clientIp = testIp()) =>
  ({ request, params: {}, context: loadContext(clientIp), unstable_pattern: "" }) as never;

describe("register", () => {
  const register = (email: string, over: Record<string, string> = {}) =>
    settle(() =>
      registerAction(
        routeArgs(
          requestAs(null, "/register", {
            form: {
              firstName: "Ngozi",
              lastName: "Eze",
              email,
              password: "password-123",
              role: "musician",
              phoneNumber: "0803 123 4567",
              ...over,
            },
          }),
        ),
      ),
    ) as Promise<Response>;
  const profileOf = async (email: string) => {
    const [profile] = await db
      .select({
        slug: musicianProfiles.slug,
        phoneNumber: musicianProfiles.phoneNumber,
        websiteActive: musicianProfiles.websiteActive,
      })
      .from(musicianProfiles)
      .innerJoin(user, eq(user.id, musicianProfiles.userId))
      .where(eq(user.email, email));
    return profile;
  };

  it("a musician lands on the dashboard with a live website named after them; the same name gets its own", async () => {
    const first = `same-1-${Date.now()}@example.com`;
    const second = `same-2-${Date.now()}@example.com`;
    const res = await register(first, { firstName: "Túndé", lastName: "Bákàre" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/musician_dashboard");
    expect(await profileOf(first)).toEqual({
      slug: "tunde-bakare",
      phoneNumber: "08031234567",
      websiteActive: true,
    });
    expect((await register(second, { firstName: "Tunde", lastName: "Bakare" })).status).toBe(302);
    expect(await profileOf(second)).toMatchObject({ slug: "tunde-bakare-2", websiteActive: true });
  });

  it("a musician needs a Nigerian phone number; an organiser may leave it empty", async () => {
    const res = await register(`nophone-${Date.now()}@example.com`, { phoneNumber: "12345" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors.phoneNumber).toBe(
      "Enter a Nigerian phone number, e.g. 0803 123 4567",
    );
    const organiser = await register(`org-${Date.now()}@example.com`, { role: "client", phoneNumber: "" });
    expect(organiser.headers.get("location")).toBe("/bookings");
  });

  it("creates the account with a musician profile and signs the user in", async () => {
    const email = `new-${Date.now()}@example.com`;
    const res = await register(email);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/musician_dashboard");
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const [profile] = await db
      .select({
        firstName: musicianProfiles.firstName,
        lastName: musicianProfiles.lastName,
        slug: musicianProfiles.slug,
      })
      .from(musicianProfiles)
      .innerJoin(user, eq(user.id, musicianProfiles.userId))
      .where(eq(user.email, email));
    expect(profile).toEqual({
      firstName: "Ngozi",
      lastName: "Eze",
      slug: expect.stringMatching(/^ngozi-eze/),
    });
  });

  it("answers each bad field with a message, never a 500", async () => {
    const res = (await settle(() =>
      registerAction(
        routeArgs(
          requestAs(null, "/register", {
            form: { firstName: "", lastName: "", email: "x", password: "short" },
          }),
        ),
      ),
    )) as Response;
    const body = (await res.json()) as { errors: Record<string, string> };
    expect(res.status).toBe(400);
    expect(body.errors).toMatchObject({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Invalid email address",
      password: "Password must be at least 8 characters",
      role: "Please choose a role",
    });
  });

  it("passes on the server's message for a taken e-mail", async () => {
    const m = await createMusician();
    const res = (await settle(() =>
      registerAction(
        routeArgs(
          requestAs(null, "/register", {
            form: {
              firstName: "A",
              lastName: "B",
              email: m.email,
              password: "password-1",
              role: "musician",
              phoneNumber: "08031234567",
            },
          }),
        ),
      ),
    )) as Response;
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: { form: string } }).errors.form).toMatch(/already exists/i);
  });
});

describe("login", () => {
  it("sends a musician to /musician_dashboard, or back to the return URL", async () => {
    const m = await createMusician();
    const plain = (await settle(() =>
      loginAction(routeArgs(requestAs(null, "/login", { form: { email: m.email, password: m.password } }))),
    )) as Response;
    expect(plain.headers.get("location")).toBe("/musician_dashboard");
    const back = (await settle(() =>
      loginAction(
        routeArgs(
          requestAs(null, "/login", {
            form: { email: m.email, password: m.password, redirectTo: "/profile?tab=account" },
          }),
        ),
      ),
    )) as Response;
    expect(back.headers.get("location")).toBe("/profile?tab=account");
    const offsite = (await settle(() =>
      loginAction(
        routeArgs(
          requestAs(null, "/login", {
            form: { email: m.email, password: m.password, redirectTo: "//evil.test" },
          }),
        ),
      ),
    )) as Response;
    expect(offsite.headers.get("location")).toBe("/musician_dashboard");
  });

  it("shows the server's message for a wrong password", async () => {
    const m = await createMusician();
    const res = (await settle(() =>
      loginAction(
        routeArgs(requestAs(null, "/login", { form: { email: m.email, password: "wrong-password" } })),
      ),
    )) as Response;
    expect(res.status).toBe(400);
    const body = (await res.json()) as { toast: { message: string } };
    expect(body.toast.message).toBe("Invalid email or password");
  });

  it("requires both fields", async () => {
    const res = (await settle(() =>
      loginAction(routeArgs(requestAs(null, "/login", { form: { email: "", password: "" } }))),
    )) as Response;
    expect(((await res.json()) as { errors: unknown }).errors).toEqual({
      email: "Email is required",
      password: "Password is required",
    });
  });

  it("refuses the 6th wrong password for one account within a minute, from any address", async () => {
    const m = await createMusician();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await signIn(
        { email: m.email, password: "not-the-password" },
        requestAs(null, "/login"),
        testIp(),
      );
      statuses.push(r.ok ? 200 : r.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const right = await signIn({ email: m.email, password: m.password }, requestAs(null, "/login"), testIp());
    expect(right).toMatchObject({ ok: false, status: 429, message: expect.stringMatching(/Too many/) });
  });

  it("limits sign-in attempts per address across accounts (Better Auth's limiter, stored in the database)", async () => {
    const ip = testIp();
    const results: number[] = [];
    for (let i = 0; i < 31; i++) {
      const r = await signIn(
        { email: `nobody-${i}@example.com`, password: "whatever-1" },
        requestAs(null, "/login"),
        ip,
      );
      results.push(r.ok ? 200 : r.status);
    }
    expect(results.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(results[30]).toBe(429);
    const { rows } = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM rate_limit WHERE key LIKE ${`${ip}%`}`,
    );
    expect(rows[0]?.n).toBeGreaterThan(0);
  });

  it("redirects a signed-in visitor away from /login", async () => {
    const m = await createMusician();
    const res = (await settle(() => loginLoader(routeArgs(requestAs(m, "/login"))))) as Response;
    expect(res.headers.get("location")).toBe("/musician_dashboard");
  });
});

describe("sessions", () => {
  it("protected pages send a signed-out visitor to /login with the return URL", async () => {
    const res = (await settle(() =>
      dashboardLoader(routeArgs(requestAs(null, "/musician_dashboard?x=1"))),
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirectTo=%2Fmusician_dashboard%3Fx%3D1");
  });

  it("sign-out ends the session and says so", async () => {
    const m = await createMusician();
    const res = (await settle(() =>
      logoutAction(routeArgs(requestAs(m, "/logout", { form: {} }))),
    )) as Response;
    expect(res.headers.get("location")).toBe("/login");
    expect(res.headers.get("set-cookie")).toMatch(/sb_flash=/);
    const after = (await settle(() =>
      dashboardLoader(routeArgs(requestAs(m, "/musician_dashboard"))),
    )) as Response;
    expect(after.headers.get("location")).toMatch(/^\/login/);
  });
});

describe("password reset", () => {
  it("writes a reset e-mail to the outbox whose token sets a new password", async () => {
    const m = await createMusician();
    const sent = await requestPasswordReset(m.email, requestAs(null, "/forgot-password"), testIp());
    expect(sent.ok).toBe(true);
    const outbox = path.join(process.env.DATA_DIR!, "outbox");
    const file = fs.readdirSync(outbox).find((f) => f.includes(m.email.replace(/[^a-z0-9@._-]/gi, "_")));
    expect(file).toBeDefined();
    const mail = fs.readFileSync(path.join(outbox, file!), "utf8").replace(/=\r?\n/g, "");
    const link = mail.match(/http:\/\/localhost:3000\/api\/auth\/reset-password\/([\w-]+)/);
    expect(link).not.toBeNull();
    const token = link![1]!;
    const reset = await resetPassword(token, "brand-new-pass", requestAs(null, "/reset-password"), testIp());
    expect(reset.ok).toBe(true);
    expect(
      (await signIn({ email: m.email, password: m.password }, requestAs(null, "/login"), testIp())).ok,
    ).toBe(false);
    expect(
      (await signIn({ email: m.email, password: "brand-new-pass" }, requestAs(null, "/login"), testIp())).ok,
    ).toBe(true);
    const again = await resetPassword(token, "another-pass-1", requestAs(null, "/reset-password"), testIp());
    expect(again.ok).toBe(false);
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const res = await requestPasswordReset(
      "ghost@example.com",
      requestAs(null, "/forgot-password"),
      testIp(),
    );
    expect(res.ok).toBe(true);
    const outbox = path.join(process.env.DATA_DIR!, "outbox");
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
    expect(files.some((f) => f.includes("ghost@example.com"))).toBe(false);
  });
});
