import { requireMusicianPage } from "~/features/profiles/own-profile.server";
import { pageTitle } from "~/lib/nav";
import type { Route } from "./+types/musician-events-past";

export const meta = () => [{ title: pageTitle("Past Events") }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireMusicianPage(request, params.slug);
  return null;
}

export default function Page() {
  return <h2 className="text-xl font-semibold">Past Events</h2>;
}
