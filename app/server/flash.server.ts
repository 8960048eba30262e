import { createCookie, redirect } from "react-router";

export interface FlashToast {
  type: "success" | "error" | "info";
  message: string;
  description?: string;
}

// A one-shot toast carried across a redirect, so it shows with or without client JavaScript.
const flashCookie = createCookie("sb_flash", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 });

export async function redirectWithToast(
  to: string,
  toast: FlashToast,
  init?: ResponseInit,
): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await flashCookie.serialize(toast));
  return redirect(to, { ...init, headers });
}

/** Reads the pending toast and the header that clears it. */
export async function takeFlashToast(
  request: Request,
): Promise<{ toast: FlashToast | null; headers: HeadersInit | undefined }> {
  const value = (await flashCookie.parse(request.headers.get("Cookie"))) as FlashToast | null;
  if (!value || typeof value.message !== "string") return { toast: null, headers: undefined };
  return { toast: value, headers: { "Set-Cookie": await flashCookie.serialize("", { maxAge: 0 }) } };
}
