import { requireMusicianPage } from "~/features/profiles/own-profile.server";
import { pageTitle } from "~/lib/nav";
import type { Route } from "./+types/musician-availability";

export const meta = () => [{ title: pageTitle("Availability") }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireMusicianPage(request, params.slug);
  return null;
}

export default function Page() {
  return <h2 className="text-xl font-semibold">Availability</h2>;
}
