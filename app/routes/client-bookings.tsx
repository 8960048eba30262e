import { pageTitle } from "~/lib/nav";

export const meta = () => [{ title: pageTitle("My Bookings") }];

export default function Page() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">My Bookings</h1>
    </main>
  );
}
