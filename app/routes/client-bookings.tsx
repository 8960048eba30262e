import { ClientBookings } from "~/features/client/components/client-bookings";
import { SAMPLE_BOOKINGS } from "~/features/client/sample-data";
import { pageTitle } from "~/lib/nav";

export const meta = () => [{ title: pageTitle("My Bookings") }];

export default function Page() {
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold">My Bookings</h1>
        <p className="text-muted-foreground">Track and manage the musicians you have booked.</p>
      </div>
      <ClientBookings bookings={SAMPLE_BOOKINGS} />
    </main>
  );
}
