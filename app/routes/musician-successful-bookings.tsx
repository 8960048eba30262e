import { listOwnSuccessfulBookings } from "~/features/bookings/bookings.server";
import { SuccessfulBookingsPage } from "~/features/bookings/components/successful-bookings-page";
import { requireMusicianPage } from "~/features/profiles/own-profile.server";
import { pageTitle } from "~/lib/nav";
import type { Route } from "./+types/musician-successful-bookings";

export const meta = () => [{ title: pageTitle("Successful Bookings") }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { profile } = await requireMusicianPage(request, params.slug);
  return { bookings: await listOwnSuccessfulBookings(profile) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <SuccessfulBookingsPage bookings={loaderData.bookings} />;
}
