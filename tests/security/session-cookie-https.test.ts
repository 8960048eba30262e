// Issue 6 §5: served over HTTPS (an https ORIGIN), the session cookie is Secure as well as HttpOnly and
// SameSite. Over plain http (the e2e server) it is HttpOnly and SameSite: security-xss-csp.spec.ts.
import { describe, expect, it } from "vitest";

// Before anything reads the configuration (it is parsed once per process).
process.env.ORIGIN = "https://stagebook.example";
const { action: registerAction } = await import("~/routes/register");
const { action: loginAction } = await import("~/routes/login");
const { loadContext } = await import("../support/accounts");

function post(path: string, form: Record<string, string>): Request {
  return new Request(`https://stagebook.example${path}`, {
    method: "POST",
    headers: { origin: "https://stagebook.example", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
}

async function thrownResponse(run: () => Promise<unknown>): Promise<Response> {
  try {
    const value = await run();
    if (value instanceof Response) return value;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("expected a redirect Response");
}

function sessionCookies(res: Response): string[] {
  return res.headers.getSetCookie().filter((c) => /session_token/.test(c.split("=")[0]!));
}

/** A redirect that sets at least one session cookie, each Secure, HttpOnly and SameSite=Lax. */
function expectSecureSessionCookies(res: Response): void {
  expect(res.status).toBe(302);
  const cookies = sessionCookies(res);
  expect(cookies.length).toBeGreaterThan(0);
  for (const c of cookies) {
    expect(c).toMatch(/;\s*Secure/i);
    expect(c).toMatch(/;\s*HttpOnly/i);
    expect(c).toMatch(/;\s*SameSite=Lax/i);
  }
}

describe("session cookie over HTTPS", () => {
  const email = `https-${Date.now()}@example.com`;

  it("is Secure, HttpOnly and SameSite=Lax after sign-up", async () => {
    const res = await thrownResponse(() =>
      registerAction({
        request: post("/register", {
          firstName: "Ada",
          lastName: "Obi",
          email,
          password: "password-123",
          role: "musician",
          phoneNumber: "08031234567",
        }),
        params: {},
        context: loadContext(),
      } as never),
    );
    expectSecureSessionCookies(res);
    for (const c of sessionCookies(res)) expect(c.startsWith("__Secure-")).toBe(true);
  });

  it("is Secure, HttpOnly and SameSite=Lax after sign-in", async () => {
    const res = await thrownResponse(() =>
      loginAction({
        request: post("/login", { email, password: "password-123" }),
        params: {},
        context: loadContext(),
      } as never),
    );
    expectSecureSessionCookies(res);
  });
});
