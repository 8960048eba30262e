import { NumbersPage } from "~/features/numbers/components/numbers-page";
import { numbersPage, parseWindow } from "~/features/numbers/numbers.server";
import { dashboardSlug, requireMusicianPage } from "~/features/profiles/own-profile.server";
import { pageTitle } from "~/lib/nav";
import type { Route } from "./+types/musician-numbers";

export const meta = () => [{ title: pageTitle("Numbers") }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { profile } = await requireMusicianPage(request, params.slug, context);
  const window = parseWindow(new URL(request.url).searchParams.get("window"));
  return { numbers: await numbersPage(profile.id, window), slug: dashboardSlug(profile) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <NumbersPage numbers={loaderData.numbers} slug={loaderData.slug} />;
}
