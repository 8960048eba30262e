import { DashboardOverview } from "~/features/dashboard/components/overview";
import { dashboardOverview } from "~/features/dashboard/overview.server";
import { requireMusician } from "~/features/profiles/own-profile.server";
import { pageTitle } from "~/lib/nav";
import type { Route } from "./+types/musician-dashboard";

export const meta = () => [{ title: pageTitle("Dashboard") }];

export async function loader({ request }: Route.LoaderArgs) {
  const { user, profile } = await requireMusician(request);
  return { firstName: user.firstName, overview: await dashboardOverview(profile.id) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h2 className="text-xl font-semibold">Welcome back, {loaderData.firstName}</h2>
      <DashboardOverview overview={loaderData.overview} />
    </>
  );
}
