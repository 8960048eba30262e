import { pageTitle } from "~/lib/nav";

export const meta = () => [{ title: pageTitle("Request Booking") }];

export default function Page() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold">Request Booking</h1>
    </main>
  );
}
