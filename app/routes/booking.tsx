import { data } from "react-router";
import { confirmPublicBooking, getPublicBooking } from "~/features/bookings/bookings.server";
import { PublicBookingPage } from "~/features/bookings/components/public-booking-page";
import { disputeSchema } from "~/features/disputes/dispute.schema";
import { submitDispute } from "~/features/disputes/disputes.server";
import { type FieldErrors, fieldErrors, formToObject } from "~/lib/field-errors";
import { pageTitle } from "~/lib/nav";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/booking";

export const meta = ({ data: d }: Route.MetaArgs) => [
  { title: pageTitle(d?.booking ? "Booking Details" : d?.status === 404 ? "Booking not found" : "Error") },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const result = await getPublicBooking(params.slug, context.clientIp);
  if (!result.ok) {
    return data({ booking: null, status: result.status, message: result.message }, { status: result.status });
  }
  return data({ booking: result.booking, status: 200, message: null });
}

export type BookingActionResult = {
  intent: "confirm" | "dispute";
  ok: boolean;
  errors?: FieldErrors;
  toast?: { type: "success" | "error"; message: string };
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = formToObject(await readForm(request));
  if (form.intent === "dispute") {
    const parsed = disputeSchema.safeParse(form);
    if (!parsed.success) {
      return data<BookingActionResult>(
        { intent: "dispute", ok: false, errors: fieldErrors(parsed.error) },
        { status: 400 },
      );
    }
    const result = await submitDispute(params.slug, parsed.data, context.clientIp);
    if (!result.ok) {
      return data<BookingActionResult>(
        { intent: "dispute", ok: false, toast: { type: "error", message: result.message } },
        { status: result.status },
      );
    }
    return data<BookingActionResult>({
      intent: "dispute",
      ok: true,
      toast: { type: "success", message: "Dispute submitted successfully" },
    });
  }
  const result = await confirmPublicBooking(params.slug, context.clientIp);
  if (!result.ok) {
    return data<BookingActionResult>(
      { intent: "confirm", ok: false, toast: { type: "error", message: result.message } },
      { status: result.status },
    );
  }
  return data<BookingActionResult>({
    intent: "confirm",
    ok: true,
    toast: { type: "success", message: "Booking confirmed successfully!" },
  });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <PublicBookingPage booking={loaderData.booking} status={loaderData.status} message={loaderData.message} />
  );
}
