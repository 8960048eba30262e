import { data } from "react-router";
import { requireMusicianPage } from "~/features/profiles/own-profile.server";
import { type FieldErrors, fieldErrors } from "~/lib/field-errors";
import type { ActionToast } from "~/lib/use-action-toast";
import { readForm } from "~/server/read-form.server";
import {
  AVAILABILITY_REMOVED,
  AVAILABILITY_SAVED,
  availabilityFromForm,
  removeAvailabilitySchema,
  saveAvailabilitySchema,
} from "./availability.schema";
import { removeAvailability, saveAvailability } from "./availability.server";

export type AvailabilityActionData = ActionToast & { errors?: FieldErrors; saved?: number };

const error = (message: string) => ({ type: "error" as const, message });

/** Save Changes (intent=save) and Remove (intent=remove) on /musician_availability/{slug}. */
export async function handleAvailabilityAction(request: Request, slug: string | undefined, now = new Date()) {
  const { profile } = await requireMusicianPage(request, slug);
  const form = await readForm(request);
  if (form.get("intent") === "remove") {
    const parsed = removeAvailabilitySchema.safeParse({ id: form.get("id") });
    if (!parsed.success)
      return data<AvailabilityActionData>({ toast: error("Availability not found") }, { status: 404 });
    const result = await removeAvailability(profile.id, parsed.data.id);
    if (!result.ok)
      return data<AvailabilityActionData>({ toast: error(result.message) }, { status: result.status });
    return data<AvailabilityActionData>({
      toast: { type: "success" as const, message: AVAILABILITY_REMOVED },
    });
  }
  const parsed = saveAvailabilitySchema.safeParse(availabilityFromForm(form));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data<AvailabilityActionData>(
      { errors, toast: error(Object.values(errors)[0] ?? "") },
      { status: 400 },
    );
  }
  const result = await saveAvailability(profile.id, parsed.data, now);
  if (!result.ok) {
    return data<AvailabilityActionData>(
      { errors: result.field ? { [result.field]: result.message } : {}, toast: error(result.message) },
      { status: result.field ? 400 : 500 },
    );
  }
  return data<AvailabilityActionData>({
    saved: Date.now(),
    toast: { type: "success" as const, message: AVAILABILITY_SAVED },
  });
}
