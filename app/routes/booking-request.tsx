import { data } from "react-router";
import { getSessionUser, isOrganiser } from "~/features/auth/session.server";
import type { BookingRequestActionResult } from "~/features/booking-requests/action-results";
import { bookingRequestSchema } from "~/features/booking-requests/booking-request.schema";
import {
  DRAFT_SAVED,
  musicianForRequestForm,
  REQUEST_FAILED,
  REQUEST_SENT,
  requestPrefill,
  submitBookingRequest,
} from "~/features/booking-requests/booking-requests.server";
import { RequestBookingPage } from "~/features/booking-requests/components/request-booking-page";
import { requestSummaryLines } from "~/features/booking-requests/request-summary";
import { todayInLagos } from "~/features/bookings/booking-dates";
import { publicBusyDates } from "~/features/calendar/busy-dates.server";
import { markViewBecameRequest } from "~/features/numbers/numbers.server";
import { fieldErrors, formToObject } from "~/lib/field-errors";
import { pageTitle } from "~/lib/nav";
import { idempotent } from "~/server/idempotency.server";
import { logger } from "~/server/logger.server";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/booking-request";

export const meta = () => [{ title: pageTitle("Request Booking") }];

export async function loader({ params, request }: Route.LoaderArgs) {
  const musician = await musicianForRequestForm(params.slug);
  if (!musician) throw data({ message: "Musician profile not found" }, { status: 404 });
  const user = await getSessionUser(request);
  // A signed-in organiser's request belongs to their account: the form starts from it (or their draft).
  const prefill = isOrganiser(user)
    ? await requestPrefill(musician.id, user!, new URL(request.url).searchParams.get("draft"))
    : null;
  return {
    musicianSlug: params.slug,
    musicianName: musician.stageName,
    today: todayInLagos(),
    initialValues: prefill?.values,
    draftId: prefill?.draftId ?? null,
    canSaveDraft: prefill !== null,
    busyDates: await publicBusyDates(musician.id),
  };
}

/** Stores a visitor's request; the dialog posts here with a fetcher, the page with a plain form. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = formToObject(await readForm(request));
  const parsed = bookingRequestSchema().safeParse(form);
  if (!parsed.success) {
    return data<BookingRequestActionResult>(
      { ok: false, errors: fieldErrors(parsed.error) },
      { status: 400 },
    );
  }
  try {
    const user = await getSessionUser(request);
    const sender = isOrganiser(user)
      ? { clientUserId: user!.id, draft: form.intent === "draft", draftId: form.draftId || null }
      : null;
    return await idempotent({ action: `booking-request:${params.slug}`, fields: form }, async () => {
      const result = await submitBookingRequest(params.slug, parsed.data, context.clientIp, sender);
      if (!result.ok) {
        return data<BookingRequestActionResult>(
          { ok: false, toast: { type: "error", message: result.message } },
          { status: result.status },
        );
      }
      if (!result.draft) {
        await markViewBecameRequest(params.slug, {
          ip: context.clientIp,
          userAgent: request.headers.get("user-agent"),
        });
      }
      if (result.draft) {
        return data<BookingRequestActionResult>({
          ok: true,
          toast: { type: "success", message: DRAFT_SAVED },
        });
      }
      return data<BookingRequestActionResult>({
        ok: true,
        toast: { type: "success", message: REQUEST_SENT },
        sent: {
          musicianName: result.musicianName ?? "The musician",
          statusPath: `/request/${result.statusToken}`,
          replyTime: result.replyTime ?? "",
          summary: requestSummaryLines(parsed.data),
          organiser: sender !== null,
        },
      });
    });
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
