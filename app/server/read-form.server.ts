import { data } from "react-router";

export const UNREADABLE_FORM = "We could not read that form. Please try again.";

/**
 * The posted form for an action. request.formData() throws on a body that is not a form (JSON, text,
 * broken multipart), which would surface as a 500; that becomes a 400 with a message instead. NUL
 * characters are dropped from every text value: PostgreSQL text cannot store them, and no one types one.
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ message: UNREADABLE_FORM }, { status: 400 });
  }
  const clean = new FormData();
  for (const [key, value] of form.entries()) {
    clean.append(key.replaceAll("\0", ""), typeof value === "string" ? value.replaceAll("\0", "") : value);
  }
  return clean;
}

// Past this, a refused body is not worth reading: the connection is dropped instead.
const DISCARD_CAP_BYTES = 16 * 1024 * 1024;

/**
 * Reads and drops a body the server refuses (too large, not allowed), so its answer reaches the
 * client: cancelling resets the connection while the client is still sending, and the client sees
 * a broken pipe instead of the 413. Past `cap` bytes it gives up and cancels.
 */
export async function discardBody(request: Request, cap = DISCARD_CAP_BYTES): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  let seen = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      seen += value.byteLength;
      if (seen > cap) return void (await reader.cancel());
    }
  } catch {
    // The client went away: nothing left to read.
  }
}
