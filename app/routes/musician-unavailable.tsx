import { z } from "zod";
import { markUnavailable, unmarkUnavailable } from "~/features/calendar/busy-dates.server";
import { requireMusicianPage } from "~/features/profiles/own-profile.server";
import { formToObject } from "~/lib/field-errors";
import { redirectWithToast } from "~/server/flash.server";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/musician-unavailable";

const idSchema = z.uuid();

/** Mark a day unavailable (or open it again); posts from the availability page, with or without JavaScript. */
export async function action({ request, params }: Route.ActionArgs) {
  const { profile } = await requireMusicianPage(request, params.slug);
  const form = formToObject(await readForm(request));
  const back = `/musician_availability/${params.slug}`;
  let result: Awaited<ReturnType<typeof markUnavailable>>;
  if (form.intent === "remove") {
    const id = idSchema.safeParse(form.id);
    result = id.success
      ? await unmarkUnavailable(profile.id, id.data)
      : { ok: false, status: 404, message: "Date not found" };
  } else {
    result = await markUnavailable(profile.id, String(form.date ?? ""));
  }
  return redirectWithToast(back, { type: result.ok ? "success" : "error", message: result.message });
}
