import { useState } from "react";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/lib/idempotency";

/**
 * The key for one submission of a create form. It stays the same across a double click, a retry and a
 * back-button resubmit, and is renewed when `renewOn` changes (pass the action's answer, e.g.
 * `fetcher.data`), so the next, different submission of the same mounted form is a new one.
 */
export function useIdempotencyKey(renewOn?: unknown): string {
  const [key, setKey] = useState(newIdempotencyKey);
  const [answer, setAnswer] = useState(renewOn);
  if (renewOn !== answer) {
    setAnswer(renewOn);
    setKey(newIdempotencyKey());
  }
  return key;
}

/**
 * Put inside every form that creates something. Made at render, so it works before JavaScript arrives;
 * the server and the browser each make one, hence no hydration warning: either key is fine.
 */
export function IdempotencyKeyField({ renewOn }: { renewOn?: unknown }) {
  const key = useIdempotencyKey(renewOn);
  return <input type="hidden" name={IDEMPOTENCY_FIELD} value={key} readOnly suppressHydrationWarning />;
}
