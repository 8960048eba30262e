// Test helpers: real accounts through Better Auth, and requests that carry their session cookie.
import { randomBytes } from "node:crypto";
import type { AppLoadContext } from "react-router";
import { signUp } from "../../app/features/auth/accounts.server";
import { getOwnProfile } from "../../app/features/profiles/own-profile.server";

let counter = 0;
/** A distinct client address per call, so per-address rate limits do not couple unrelated tests. */
export function testIp(): string {
  counter += 1;
  return `10.9.${Math.floor(counter / 250)}.${(counter % 250) + 1}`;
}

export function loadContext(clientIp = testIp()): AppLoadContext {
  return { cspNonce: "test-nonce", clientIp, requestId: "test" };
}

export interface TestMusician {
  userId: string;
  profileId: string;
  email: string;
  password: string;
  cookie: string;
}

export async function createMusician(
  overrides: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {},
): Promise<TestMusician> {
  const email = overrides.email ?? `musician-${randomBytes(5).toString("hex")}@example.com`;
  const password = overrides.password ?? "correct-horse-42";
  const result = await signUp(
    { email, password, firstName: overrides.firstName ?? "Tunde", lastName: overrides.lastName ?? "Adeyemi" },
    new Request("http://localhost:3000/register", { method: "POST" }),
    testIp(),
  );
  if (!result.ok) throw new Error(`sign-up failed: ${result.message}`);
  const cookie = result.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { auth } = await import("../../app/server/auth.server");
  const session = await auth().api.getSession({ headers: new Headers({ cookie }) });
  if (!session) throw new Error("no session after sign-up");
  const profile = await getOwnProfile(session.user.id);
  if (!profile) throw new Error("no musician profile after sign-up");
  return { userId: session.user.id, profileId: profile.id, email, password, cookie };
}

export interface TestOrganiser {
  userId: string;
  email: string;
  password: string;
  cookie: string;
}

/** An Event Organizer account, signed up through the same path as the Register form. */
export async function createOrganiser(
  overrides: Partial<{
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    phoneNumber: string;
  }> = {},
): Promise<TestOrganiser> {
  const email = overrides.email ?? `organiser-${randomBytes(5).toString("hex")}@example.com`;
  const password = overrides.password ?? "correct-horse-42";
  const result = await signUp(
    {
      email,
      password,
      firstName: overrides.firstName ?? "Ngozi",
      lastName: overrides.lastName ?? "Okafor",
      role: "client",
      phoneNumber: overrides.phoneNumber,
    },
    new Request("http://localhost:3000/register", { method: "POST" }),
    testIp(),
  );
  if (!result.ok) throw new Error(`sign-up failed: ${result.message}`);
  const cookie = result.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { auth } = await import("../../app/server/auth.server");
  const session = await auth().api.getSession({ headers: new Headers({ cookie }) });
  if (!session) throw new Error("no session after sign-up");
  return { userId: session.user.id, email, password, cookie };
}

/** A Request to this app, signed in as `who` (or signed out when null). */
export function requestAs(
  who: { cookie: string } | null,
  path: string,
  init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Request {
  const headers = new Headers(init.headers);
  if (who) headers.set("cookie", who.cookie);
  headers.set("origin", "http://localhost:3000");
  let body: BodyInit | undefined;
  if (init.form) {
    body = new URLSearchParams(init.form);
    headers.set("content-type", "application/x-www-form-urlencoded");
  }
  return new Request(`http://localhost:3000${path}`, {
    method: init.method ?? (init.form ? "POST" : "GET"),
    headers,
    body,
  });
}

function asResponse(value: unknown): Response | null {
  if (value instanceof Response) return value;
  const d = value as { type?: string; init?: ResponseInit | null; data?: unknown } | null;
  if (d?.type === "DataWithResponseInit") {
    const init = d.init ?? {};
    const headers = new Headers(init.headers);
    headers.set("content-type", "application/json");
    return new Response(JSON.stringify(d.data), { status: init.status ?? 200, headers });
  }
  return null;
}

/**
 * Runs a loader or action and turns what it threw or returned as `data(..., init)` or a redirect into a
 * Response (status, headers, JSON body). A plain returned object comes back as it is.
 */
export async function settle<T>(fn: () => Promise<T>): Promise<T | Response> {
  try {
    const value = await fn();
    return asResponse(value) ?? value;
  } catch (thrown) {
    const res = asResponse(thrown);
    if (res) return res;
    throw thrown;
  }
}
