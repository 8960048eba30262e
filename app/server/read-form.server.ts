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
