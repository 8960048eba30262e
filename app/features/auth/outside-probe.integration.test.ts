// Findings of the outside probe (issue 15): open redirect after sign-in, a 500 from a newline in a
// redirect target, and sign-up usable to test lists of addresses without a rate limit.
import { describe, expect, it } from "vitest";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { action as registerAction } from "~/routes/register";
import { createMusician, loadContext, requestAs, settle, testIp } from "../../../tests/support/accounts";

const routeArgs = (request: Request, clientIp = testIp()) =>
  ({ request, params: {}, context: loadContext(clientIp), unstable_pattern: "" }) as never;

// Each decodes (searchParams / form) to a value a browser would take off-site, or that cannot be a header.
const HOSTILE = [
  "/%09/evil.example",
  "/%0A/evil.com",
  "/%0D%0A/evil.com",
  "/%5C/evil.example",
  "/%5Cevil.example",
  "/.//evil.example",
  "/./%2F/evil.example",
  "/%2F/evil.example",
  "///evil.example",
  "/%20/evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
];

function expectOnSite(res: Response) {
  const location = res.headers.get("location") ?? "";
  expect(location.startsWith("/")).toBe(true);
  expect(new URL(location, "http://localhost:3000").origin).toBe("http://localhost:3000");
  expect(location).not.toMatch(/[\t\r\n\\]/);
}

describe("redirect after sign-in stays on this site", () => {
  it("a signed-in visitor opening /login?redirectTo=… is sent only to a path here", async () => {
    const m = await createMusician();
    for (const target of HOSTILE) {
      const res = (await settle(() =>
        loginLoader(routeArgs(requestAs(m, `/login?redirectTo=${target}`))),
      )) as Response;
      expect(res.status, target).toBe(302);
      expectOnSite(res);
    }
  });

  it("the same values posted with the login form", async () => {
    const m = await createMusician();
    for (const encoded of HOSTILE) {
      const redirectTo = decodeURIComponent(encoded);
      const res = (await settle(() =>
        loginAction(
          routeArgs(
            requestAs(null, "/login", { form: { email: m.email, password: m.password, redirectTo } }),
          ),
        ),
      )) as Response;
      expect(res.status, encoded).toBe(302);
      expectOnSite(res);
    }
  });

  it("keeps an ordinary path with its query", async () => {
    const m = await createMusician();
    const res = (await settle(() =>
      loginLoader(routeArgs(requestAs(m, `/login?redirectTo=${encodeURIComponent("/profile?tab=account")}`))),
    )) as Response;
    expect(res.headers.get("location")).toBe("/profile?tab=account");
  });
});

describe("sign-up is rate limited per client address", () => {
  it("40 attempts in a minute from one address meet 429", async () => {
    const taken = await createMusician();
    const ip = testIp();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = (await settle(() =>
        registerAction(
          routeArgs(
            requestAs(null, "/register", {
              form: {
                firstName: "A",
                lastName: "B",
                email: taken.email,
                password: "password-123",
                role: "musician",
                phoneNumber: "08031234567",
              },
            }),
            ip,
          ),
        ),
      )) as Response;
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
  });
});
