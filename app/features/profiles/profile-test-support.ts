// Helpers for this feature's integration tests: call /profile and /musicians/{slug} like React
// Router does and read back status and body, whether the route returned, threw, or redirected.
import { loadContext, requestAs, settle, type TestMusician } from "../../../tests/support/accounts";

export const routeArgs = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: loadContext(), unstable_pattern: "" }) as never;

export interface Outcome<T = Record<string, unknown>> {
  status: number;
  body: T;
  location: string | null;
}

export async function outcome<T = Record<string, unknown>>(fn: () => Promise<unknown>): Promise<Outcome<T>> {
  const result = await settle(fn);
  if (result instanceof Response) {
    const text = await result.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return { status: result.status, body: body as T, location: result.headers.get("location") };
  }
  const maybe = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (maybe && maybe.type === "DataWithResponseInit") {
    return { status: maybe.init?.status ?? 200, body: maybe.data as T, location: null };
  }
  return { status: 200, body: result as T, location: null };
}

export function postForm(who: TestMusician | null, path: string, form: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form))
    for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  const headers = new Headers({
    origin: "http://localhost:3000",
    "content-type": "application/x-www-form-urlencoded",
  });
  if (who) headers.set("cookie", who.cookie);
  return new Request(`http://localhost:3000${path}`, { method: "POST", headers, body });
}

export function uploadRequest(
  who: TestMusician | null,
  kind: string,
  file: { bytes: Buffer; name: string; type: string },
  fields: Record<string, string> = {},
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const headers = new Headers({ origin: "http://localhost:3000" });
  if (who) headers.set("cookie", who.cookie);
  return new Request(`http://localhost:3000/profile?tab=portfolio&media=${kind}`, {
    method: "POST",
    headers,
    body: fd,
  });
}

export { requestAs };
