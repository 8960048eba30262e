import { APIError } from "better-auth/api";
import { auth } from "~/server/auth.server";
import { publicOrigin } from "~/server/env.server";
import { hitRateLimit } from "~/server/rate-limit.server";

export type AuthResult =
  | { ok: true; headers: Headers; role: string }
  | { ok: false; message: string; status: number };

/**
 * Calls Better Auth through its HTTP handler rather than auth.api, so the rate limiter (database
 * storage) and the per-account hooks apply to the site's forms exactly as to /api/auth.
 */
async function callAuth(path: string, body: unknown, request: Request, clientIp: string): Promise<Response> {
  const headers = new Headers({
    "content-type": "application/json",
    origin: publicOrigin(),
    "x-forwarded-for": clientIp,
  });
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const ua = request.headers.get("user-agent");
  if (ua) headers.set("user-agent", ua);
  return auth().handler(
    new Request(`${publicOrigin()}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
}

async function result(res: Response, fallback: string): Promise<AuthResult> {
  const json = (await res.json().catch(() => null)) as {
    message?: string;
    user?: { role?: string };
  } | null;
  if (!res.ok) {
    const message =
      res.status === 429
        ? (json?.message ?? "Too many attempts. Please wait a minute and try again.")
        : (json?.message ?? fallback);
    return { ok: false, message, status: res.status === 429 ? 429 : 400 };
  }
  const headers = new Headers();
  for (const c of res.headers.getSetCookie()) headers.append("Set-Cookie", c);
  return { ok: true, headers, role: json?.user?.role ?? "musician" };
}

export async function signIn(
  input: { email: string; password: string },
  request: Request,
  clientIp: string,
): Promise<AuthResult> {
  const res = await callAuth("/sign-in/email", { ...input, rememberMe: true }, request, clientIp);
  return result(res, "An error occurred during login.");
}

export async function signUp(
  input: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    role?: "musician" | "client";
    phoneNumber?: string;
  },
  request: Request,
  clientIp: string,
): Promise<AuthResult> {
  const res = await callAuth(
    "/sign-up/email",
    {
      // Read by the user-create hook in auth.server.ts (Better Auth refuses `role` itself as input).
      accountType: input.role ?? "musician",
      email: input.email,
      password: input.password,
      firstName: input.firstName,
      lastName: input.lastName,
      // Read by the user-create hook too: a musician's profile starts with it (website live at once).
      phoneNumber: input.phoneNumber ?? "",
      name: `${input.firstName} ${input.lastName}`,
    },
    request,
    clientIp,
  );
  return result(res, "An error occurred during registration.");
}

export async function signOut(request: Request, clientIp: string): Promise<AuthResult> {
  const res = await callAuth("/sign-out", {}, request, clientIp);
  return result(res, "Logout failed");
}

export async function requestPasswordReset(email: string, request: Request, clientIp: string) {
  const res = await callAuth(
    "/request-password-reset",
    { email, redirectTo: `${publicOrigin()}/reset-password` },
    request,
    clientIp,
  );
  return result(res, "We could not send the reset e-mail. Please try again.");
}

export async function resetPassword(token: string, newPassword: string, request: Request, clientIp: string) {
  const res = await callAuth("/reset-password", { token, newPassword }, request, clientIp);
  return result(res, "This reset link is invalid or has expired. Please ask for a new one.");
}

/** Wrong passwords a signed-in account may try in 15 minutes before a re-check is refused outright. */
export const PASSWORD_CHECKS_PER_15_MIN = 5;

/**
 * Asks for the signed-in person's password again before something sensitive (the payout account).
 * Better Auth checks it against the session's own user; wrong tries are counted per user, so a
 * stolen session cannot guess the password.
 */
export async function verifyOwnPassword(
  request: Request,
  userId: string,
  password: string,
): Promise<"ok" | "wrong" | "too-many"> {
  if (!(await hitRateLimit(`password-check:${userId}`, PASSWORD_CHECKS_PER_15_MIN, 15 * 60_000)))
    return "too-many";
  try {
    await auth().api.verifyPassword({ body: { password }, headers: request.headers });
    return "ok";
  } catch (err) {
    if (err instanceof APIError) return "wrong";
    throw err;
  }
}
