import { StarIcon } from "lucide-react";
import { ComingSoon } from "~/features/dashboard/components/coming-soon";
import { requireMusicianPage } from "~/features/profiles/own-profile.server";
import { pageTitle } from "~/lib/nav";
import type { Route } from "./+types/musician-reviews";

export const meta = () => [{ title: pageTitle("Reviews") }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireMusicianPage(request, params.slug);
  return null;
}

export default function Page() {
  return (
    <ComingSoon
      title="Reviews"
      icon={StarIcon}
      text="Soon you will see what clients say about your performances here."
    />
  );
}
