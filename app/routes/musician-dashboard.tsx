import { MoneyCards } from "~/features/dashboard/components/money-cards";
import { DashboardOverview } from "~/features/dashboard/components/overview";
import { SetupChecklistCard } from "~/features/dashboard/components/setup-checklist";
import { dashboardMoney, dashboardOverview } from "~/features/dashboard/overview.server";
import { setupChecklist } from "~/features/dashboard/setup-checklist.server";
import { LineUpNews } from "~/features/lineups/components/line-up-news";
import { LineUpInvites } from "~/features/lineups/components/member-line-ups-page";
import { leaderLineUpNews, memberInvites } from "~/features/lineups/lineups.server";
import { dashboardSlug, ownWebsite, requireMusician } from "~/features/profiles/own-profile.server";
import { pageTitle } from "~/lib/nav";
import { publicOrigin } from "~/server/env.server";
import type { Route } from "./+types/musician-dashboard";

export const meta = () => [{ title: pageTitle("Dashboard") }];

export async function loader({ request }: Route.LoaderArgs) {
  const { user, profile } = await requireMusician(request);
  const [overview, money, checklist, lineUpInvites, lineUpNews] = await Promise.all([
    dashboardOverview(profile.id),
    dashboardMoney(profile.id),
    setupChecklist({ id: profile.id, slug: dashboardSlug(profile) }, ownWebsite(profile).url, publicOrigin()),
    memberInvites(profile),
    leaderLineUpNews(profile),
  ]);
  return {
    firstName: user.firstName,
    overview,
    money,
    slug: dashboardSlug(profile),
    checklist,
    lineUpInvites,
    lineUpNews,
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
      <LineUpInvites invites={loaderData.lineUpInvites} action={`/musician_lineups/${loaderData.slug}`} />
      <LineUpNews news={loaderData.lineUpNews} />
      <DashboardOverview overview={loaderData.overview} slug={loaderData.slug} />
      <MoneyCards money={loaderData.money} slug={loaderData.slug} />
    </>
  );
}
