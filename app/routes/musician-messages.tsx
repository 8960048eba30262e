import { MessageSquareIcon } from "lucide-react";
import { ComingSoon } from "~/features/dashboard/components/coming-soon";
import { requireMusicianPage } from "~/features/profiles/own-profile.server";
import { pageTitle } from "~/lib/nav";
import type { Route } from "./+types/musician-messages";

export const meta = () => [{ title: pageTitle("Messages") }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireMusicianPage(request, params.slug);
  return null;
}

export default function Page() {
  return (
    <ComingSoon
      title="Messages"
      icon={MessageSquareIcon}
      text="Soon you will be able to chat with clients about bookings and inquiries here."
    />
  );
}
