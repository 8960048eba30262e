import { data } from "react-router";
import { requireOrganiser } from "~/features/auth/session.server";
import { bookingIdSchema } from "~/features/bookings/booking.schema";
import { acceptMyBooking, BOOKING_ACCEPTED, listMyBookings } from "~/features/client/client.server";
import { isBookingTab } from "~/features/client/client-bookings";
import { ClientBookings } from "~/features/client/components/client-bookings";
import { PhoneUpdatesPanel } from "~/features/phone-messages/components/phone-updates-panel";
import { phoneUpdatesOfUser } from "~/features/phone-messages/phone-consent.server";
import { pageTitle } from "~/lib/nav";
import { useActionToast } from "~/lib/use-action-toast";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/client-bookings";

export const meta = () => [{ title: pageTitle("My Bookings") }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireOrganiser(request);
  const tab = new URL(request.url).searchParams.get("tab");
  return {
    bookings: await listMyBookings(user),
    tab: isBookingTab(tab) ? tab : "all",
    phoneUpdates: await phoneUpdatesOfUser(user.id),
  };
}

/** Accept: the organiser confirms a booking the musician made for them. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireOrganiser(request);
  const form = await readForm(request);
  const id = bookingIdSchema.safeParse(form.get("bookingId"));
  if (form.get("intent") !== "accept" || !id.success) {
    return data({ toast: { type: "error" as const, message: "Booking not found" } }, { status: 404 });
  }
  const result = await acceptMyBooking(user, id.data);
  if (!result.ok) {
    return data({ toast: { type: "error" as const, message: result.message } }, { status: result.status });
  }
  return { toast: { type: "success" as const, message: BOOKING_ACCEPTED } };
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold">My Bookings</h1>
        <p className="text-muted-foreground">Track and manage the musicians you have booked.</p>
      </div>
      <ClientBookings bookings={loaderData.bookings} initialTab={loaderData.tab} />
      <PhoneUpdatesPanel state={loaderData.phoneUpdates} scope="account" />
    </main>
  );
}
