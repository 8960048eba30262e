// /admin/bookings/{id}/phone-messages: what was sent for a booking by SMS and WhatsApp (admins only).
import { data, Link } from "react-router";
import { requireAdmin } from "~/features/admin/admin.server";
import { SentPhoneMessages } from "~/features/phone-messages/components/sent-phone-messages";
import { phoneMessagesForAdmin } from "~/features/phone-messages/phone-admin.server";
import { pageTitle } from "~/lib/nav";
import type { Route } from "./+types/admin-phone-messages";

export const meta = () => [{ title: pageTitle("Phone messages") }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!/^[0-9a-f-]{36}$/.test(params.id)) throw data({ message: "Booking not found" }, { status: 404 });
  return { messages: await phoneMessagesForAdmin(params.id) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 py-8">
      <Link to="/admin?tab=bookings" className="text-sm text-primary underline">
        Back to bookings
      </Link>
      <h1 className="text-2xl font-bold">Phone messages for this booking</h1>
      <SentPhoneMessages messages={loaderData.messages} />
    </main>
  );
}
