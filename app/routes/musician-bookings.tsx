import { data } from "react-router";
import type { BookingsActionResult } from "~/features/bookings/action-results";
import { bookingFormSchema, bookingIdSchema, pastEventConfirmed } from "~/features/bookings/booking.schema";
import {
  completeOwnBooking,
  deleteOwnBooking,
  listOwnBookings,
  updateOwnBooking,
} from "~/features/bookings/bookings.server";
import { cancelOwnBooking } from "~/features/bookings/cancel-own-booking.server";
import { AllBookingsPage } from "~/features/bookings/components/all-bookings-page";
import { overlapAllowed } from "~/features/calendar/calendar.schema";
import { disputeSideAction, disputeThreadsFor } from "~/features/disputes/dispute-sides.server";
import { releaseLinesOf } from "~/features/money/release-lines.server";
import { bookingMoneyNewsForMusician } from "~/features/notifications/money-notifications.server";
import { ownWebsite, requireMusicianPage } from "~/features/profiles/own-profile.server";
import { organiserReputationsFor } from "~/features/reviews/reviews.server";
import { payoutDestination } from "~/features/wallet/wallet.server";
import { fieldErrors, formToObject } from "~/lib/field-errors";
import { pageTitle } from "~/lib/nav";
import { readForm } from "~/server/read-form.server";
import { isMultipart } from "~/server/uploads/multipart.server";
import type { Route } from "./+types/musician-bookings";

export const meta = () => [{ title: pageTitle("All Bookings") }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { profile } = await requireMusicianPage(request, params.slug);
  const bookings = await listOwnBookings(profile);
  const ids = bookings.map((b) => b.id);
  const held = bookings.filter((b) => b.paymentStatus !== "unpaid").map((b) => b.id);
  const [reputations, threads, news, releaseLines] = await Promise.all([
    organiserReputationsFor(profile.id, { bookingIds: ids }),
    disputeThreadsFor(ids),
    bookingMoneyNewsForMusician(profile, bookings),
    payoutDestination(profile.id).then((sendsTo) => releaseLinesOf(held, sendsTo)),
  ]);
  return {
    bookings,
    reputations,
    disputeThreads: Object.fromEntries(threads),
    moneyNews: Object.fromEntries(news),
    releaseLines: Object.fromEntries(releaseLines),
    websiteActive: ownWebsite(profile).active,
    now: new Date().toISOString(),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { profile } = await requireMusicianPage(request, params.slug);
  // "Add your side" is the page's one form with files.
  if (isMultipart(request)) return disputeSideAction(request, profile.id);
  const form = formToObject(await readForm(request));
  const intent = form.intent ?? "";
  const id = bookingIdSchema.safeParse(form.bookingId);
  if (!id.success) {
    return data<BookingsActionResult>(
      { ok: false, intent, toast: { type: "error", message: "Booking not found" } },
      { status: 404 },
    );
  }
  let result: Awaited<ReturnType<typeof updateOwnBooking>>;
  switch (intent) {
    case "update": {
      const parsed = bookingFormSchema.safeParse(form);
      if (!parsed.success) {
        return data<BookingsActionResult>(
          { ok: false, intent, bookingId: id.data, errors: fieldErrors(parsed.error) },
          { status: 400 },
        );
      }
      result = await updateOwnBooking(profile, id.data, parsed.data, {
        allowOverlap: overlapAllowed(form),
        allowPast: pastEventConfirmed(form),
      });
      break;
    }
    case "delete":
      result = await deleteOwnBooking(profile, id.data);
      break;
    case "cancel":
      result = await cancelOwnBooking(profile, id.data, String(form.cancelReason ?? ""));
      break;
    case "complete":
      result = await completeOwnBooking(profile, id.data);
      break;
    default:
      return data<BookingsActionResult>(
        { ok: false, intent, toast: { type: "error", message: "Unknown action" } },
        { status: 400 },
      );
  }
  if (!result.ok && "pastTime" in result) {
    return data<BookingsActionResult>(
      {
        ok: false,
        intent,
        bookingId: id.data,
        errors: { eventDate: result.message, pastEvent: result.message },
        toast: { type: "error", message: result.message },
      },
      { status: 400 },
    );
  }
  if (!result.ok && "clashes" in result) {
    return data<BookingsActionResult>(
      { ok: false, intent, bookingId: id.data, clashes: result.clashes },
      { status: 409 },
    );
  }
  if (!result.ok) {
    return data<BookingsActionResult>(
      { ok: false, intent, bookingId: id.data, toast: { type: "error", message: result.message } },
      { status: result.status },
    );
  }
  return data<BookingsActionResult>({
    ok: true,
    intent,
    bookingId: id.data,
    toast: { type: "success", message: result.message },
  });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <AllBookingsPage {...loaderData} />;
}
