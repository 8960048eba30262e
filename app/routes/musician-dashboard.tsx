import { DashboardOverview } from "~/features/dashboard/components/overview";
import { SetupChecklistCard } from "~/features/dashboard/components/setup-checklist";
import { dashboardOverview } from "~/features/dashboard/overview.server";
import { setupChecklist } from "~/features/dashboard/setup-checklist.server";
import { dashboardSlug, ownWebsite, requireMusician } from "~/features/profiles/own-profile.server";
import { WalletAvailableCard } from "~/features/wallet/components/wallet-available-card";
import { availableKobo } from "~/features/wallet/wallet.server";
import { pageTitle } from "~/lib/nav";
import { publicOrigin } from "~/server/env.server";
import type { Route } from "./+types/musician-dashboard";

export const meta = () => [{ title: pageTitle("Dashboard") }];

export async function loader({ request }: Route.LoaderArgs) {
  const { user, profile } = await requireMusician(request);
  const [overview, walletAvailableKobo, checklist] = await Promise.all([
    dashboardOverview(profile.id),
    availableKobo(profile.id),
    setupChecklist({ id: profile.id, slug: dashboardSlug(profile) }, ownWebsite(profile).url, publicOrigin()),
  ]);
  return {
    firstName: user.firstName,
    overview,
    walletAvailableKobo,
    slug: dashboardSlug(profile),
    checklist,
  };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { checklist } = loaderData;
  return (
    <>
      {/* A musician still setting up is new here; "Welcome back" only once the setup is done. */}
      <h2 className="text-xl font-semibold">
        {checklist.complete ? "Welcome back" : "Welcome"}, {loaderData.firstName}
      </h2>
      {!checklist.complete && <SetupChecklistCard checklist={checklist} />}
      <DashboardOverview overview={loaderData.overview} />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <WalletAvailableCard availableKobo={loaderData.walletAvailableKobo} slug={loaderData.slug} />
      </div>
    </>
  );
}
