import { data } from "react-router";
import { bookingRequestSchema } from "~/features/booking-requests/booking-request.schema";
import {
  musicianForRequestForm,
  REQUEST_FAILED,
  REQUEST_SENT,
  submitBookingRequest,
} from "~/features/booking-requests/booking-requests.server";
import { RequestBookingPage } from "~/features/booking-requests/components/request-booking-page";
import { todayInLagos } from "~/features/bookings/booking-dates";
import { type FieldErrors, fieldErrors, formToObject } from "~/lib/field-errors";
import { pageTitle } from "~/lib/nav";
import { logger } from "~/server/logger.server";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/booking-request";

export const meta = () => [{ title: pageTitle("Request Booking") }];

export async function loader({ params }: Route.LoaderArgs) {
  const musician = await musicianForRequestForm(params.slug);
  if (!musician) throw data({ message: "Musician profile not found" }, { status: 404 });
  return { musicianSlug: params.slug, musicianName: musician.stageName, today: todayInLagos() };
}

export type BookingRequestActionResult = {
  ok: boolean;
  errors?: FieldErrors;
  toast?: { type: "success" | "error"; message: string };
};

/** Stores a visitor's request; the dialog posts here with a fetcher, the page with a plain form. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const parsed = bookingRequestSchema().safeParse(formToObject(await readForm(request)));
  if (!parsed.success) {
    return data<BookingRequestActionResult>(
      { ok: false, errors: fieldErrors(parsed.error) },
      { status: 400 },
    );
  }
  try {
    const result = await submitBookingRequest(params.slug, parsed.data, context.clientIp);
    if (!result.ok) {
      return data<BookingRequestActionResult>(
        { ok: false, toast: { type: "error", message: result.message } },
        { status: result.status },
      );
    }
    return data<BookingRequestActionResult>({ ok: true, toast: { type: "success", message: REQUEST_SENT } });
  } catch (err) {
    logger.error({ err, requestId: context.requestId }, "booking request failed");
    return data<BookingRequestActionResult>(
      { ok: false, toast: { type: "error", message: REQUEST_FAILED } },
      { status: 500 },
    );
  }
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <RequestBookingPage {...loaderData} actionData={actionData} />;
}
