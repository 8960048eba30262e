import { data } from "react-router";
import type { RequestsActionResult } from "~/features/booking-requests/action-results";
import {
  declineOwnRequest,
  listOwnPendingRequests,
} from "~/features/booking-requests/booking-requests.server";
import { BookingRequestsPage } from "~/features/booking-requests/components/booking-requests-page";
import { bookingIdSchema } from "~/features/bookings/booking.schema";
import { requireMusicianPage } from "~/features/profiles/own-profile.server";
import { formToObject } from "~/lib/field-errors";
import { pageTitle } from "~/lib/nav";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/musician-booking-requests";

export const meta = () => [{ title: pageTitle("Booking Requests") }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { profile } = await requireMusicianPage(request, params.slug);
  return { requests: await listOwnPendingRequests(profile) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { profile } = await requireMusicianPage(request, params.slug);
  const form = formToObject(await readForm(request));
  const id = bookingIdSchema.safeParse(form.requestId);
  if (form.intent !== "decline" || !id.success) {
    return data<RequestsActionResult>(
      { ok: false, toast: { type: "error", message: "Booking request not found" } },
      { status: 404 },
    );
  }
  const result = await declineOwnRequest(profile, id.data);
  if (!result.ok) {
    return data<RequestsActionResult>(
      { ok: false, toast: { type: "error", message: result.message } },
      { status: result.status },
    );
  }
  return data<RequestsActionResult>({ ok: true, toast: { type: "success", message: result.message } });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <BookingRequestsPage requests={loaderData.requests} />;
}
