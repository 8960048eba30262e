import { requireMusician } from "~/features/profiles/own-profile.server";
import { pageTitle } from "~/lib/nav";
import type { Route } from "./+types/musician-dashboard";

export const meta = () => [{ title: pageTitle("Dashboard") }];

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireMusician(request);
  return { firstName: user.firstName };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <h2 className="text-xl font-semibold">Welcome back, {loaderData.firstName}</h2>;
}
