import { data } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import { requestAccepted } from "~/features/booking-requests/booking-requests.server";
import type { CreateBookingResult } from "~/features/bookings/action-results";
import { bookingFormSchema, bookingIdSchema, pastEventConfirmed } from "~/features/bookings/booking.schema";
import { createBooking } from "~/features/bookings/bookings.server";
import { overlapAllowed } from "~/features/calendar/calendar.schema";
import { textShownTo } from "~/features/messaging/contact-boundary";
import { linkBookingToConversation, notifyRequestAccepted } from "~/features/messaging/messaging.server";
import { getOwnProfile } from "~/features/profiles/own-profile.server";
import { type FieldErrors, fieldErrors, formToObject } from "~/lib/field-errors";
import { idempotent } from "~/server/idempotency.server";
import { logger } from "~/server/logger.server";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/api-bookings";

const FAILED = "Failed to create booking. Please try again.";

function fail(status: number, message: string, errors?: FieldErrors) {
  return data<CreateBookingResult>({ ok: false, errors, toast: { type: "error", message } }, { status });
}

/** Create New Booking dialog (spec §2): the dialog posts here with a fetcher. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user) return fail(401, "You must be logged in to create a booking.");
  const profile = await getOwnProfile(user.id);
  if (!profile) return fail(403, "Could not find your musician profile");

  const form = formToObject(await readForm(request));
  const parsed = bookingFormSchema.safeParse(form);
  if (!parsed.success) return fail(400, FAILED, fieldErrors(parsed.error));
  const requestId = form.requestId ? bookingIdSchema.safeParse(form.requestId) : null;
  if (requestId && !requestId.success) return fail(404, "Booking request not found");

  try {
    return await idempotent({ action: "booking", userId: user.id, fields: form }, async () => {
      const result = await createBooking(profile, parsed.data, requestId?.data ?? null, {
        allowOverlap: overlapAllowed(form),
        allowPast: pastEventConfirmed(form),
      });
      if (!result.ok && "pastTime" in result)
        return fail(400, result.message, { eventDate: result.message, pastEvent: result.message });
      if (!result.ok && "clashes" in result) {
        return data<CreateBookingResult>({ ok: false, clashes: result.clashes }, { status: 409 });
      }
      if (!result.ok) return fail(result.status, result.message);
      const linked = form.conversationId
        ? await linkBookingToConversation(profile.id, user.id, form.conversationId, result.slug)
        : false;
      // Accepting an organiser's request (the booking is in their account): they hear of it.
      if (!linked && requestId)
        await notifyRequestAccepted(result.slug, textShownTo(result.musicianName, "public"));
      // A visitor without an account is e-mailed at the address on their request (issue 16 §7).
      if (requestId) await requestAccepted(requestId.data);
      return data<CreateBookingResult>({
        ok: true,
        slug: result.slug,
        musicianName: result.musicianName,
        toast: { type: "success", message: "Booking created successfully!" },
      });
    });
  } catch (err) {
    logger.error({ err, requestId: context.requestId }, "booking creation failed");
    return fail(500, FAILED);
  }
}
