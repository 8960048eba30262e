import { Outlet } from "react-router";
import { sidebarOpenFromCookie } from "~/components/layout/dashboard-menu";
import { DashboardShell } from "~/components/layout/dashboard-shell";
import { DashboardPhoneMenu } from "~/components/layout/dashboard-sidebar";
import { SiteHeader } from "~/components/layout/site-header";
import { countWaitingRequests } from "~/features/dashboard/overview.server";
import { priceHintsFor } from "~/features/numbers/numbers.server";
import { dashboardSlug, ownWebsite, requireMusician } from "~/features/profiles/own-profile.server";
import { useRootData } from "~/root";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { profile } = await requireMusician(request, context);
  // What others are booked for, under Create Booking's price (issue 38).
  const [waitingRequests, priceHints] = await Promise.all([
    countWaitingRequests(profile.id),
    priceHintsFor(profile.id),
  ]);
  return {
    slug: dashboardSlug(profile),
    websiteUrl: ownWebsite(profile).url,
    stageName: profile.stageName,
    sidebarOpen: sidebarOpenFromCookie(request.headers.get("Cookie")),
    waitingRequests,
    priceHints,
  };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader
        user={root?.user ?? null}
        sectionMenu={
          <DashboardPhoneMenu slug={loaderData.slug} waitingRequests={loaderData.waitingRequests} />
        }
      />
      <DashboardShell ctx={loaderData}>
        <Outlet />
      </DashboardShell>
    </div>
  );
}
