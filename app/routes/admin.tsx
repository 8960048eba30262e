import { data, Link } from "react-router";
import { ADMIN_TABS, adminQuerySchema } from "~/features/admin/admin.schema";
import { adminTab, requireAdmin } from "~/features/admin/admin.server";
import {
  AdminBookings,
  AdminOverview,
  AdminReports,
  AdminUsers,
} from "~/features/admin/components/admin-views";
import { backupHealth } from "~/features/backups/backups.server";
import { BackupAlert, BackupCard } from "~/features/backups/components/backup-health";
import { adminPaymentsAction } from "~/features/refunds/admin-payments.server";
import { AdminPayments } from "~/features/refunds/components/admin-payments";
import { AdminReviewReports } from "~/features/reviews/components/admin-review-reports";
import { REVIEW_INTENTS } from "~/features/reviews/review-action";
import { settleReportAction } from "~/features/reviews/review-actions.server";
import { cn } from "~/lib/cn";
import { formToObject } from "~/lib/field-errors";
import { pageTitle } from "~/lib/nav";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/admin";

export const meta = () => [{ title: pageTitle("Admin Dashboard") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = adminQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [tab, backups] = await Promise.all([adminTab(query.tab, query.page), backupHealth()]);
  return { ...tab, backups };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  if (form.get("intent") === REVIEW_INTENTS.settleReport)
    return settleReportAction(formToObject(form), admin);
  const result = await adminPaymentsAction(form);
  return data(
    { toast: { type: result.ok ? ("success" as const) : ("error" as const), message: result.message } },
    { status: result.ok ? 200 : 400 },
  );
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Admin Dashboard</h1>
      <nav
        aria-label="Admin sections"
        className="flex max-w-full gap-1 overflow-x-auto rounded-md bg-muted p-1"
      >
        {ADMIN_TABS.map((t) => (
          <Link
            key={t.value}
            to={`?tab=${t.value}`}
            aria-current={d.tab === t.value ? "page" : undefined}
            className={cn(
              "whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium text-muted-foreground",
              d.tab === t.value && "bg-background text-foreground shadow-sm",
            )}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <BackupAlert health={d.backups} />
      {d.tab === "overview" && <AdminOverview data={d.overview} />}
      {d.tab === "overview" && <BackupCard health={d.backups} />}
      {d.tab === "users" && <AdminUsers data={d.users} />}
      {d.tab === "bookings" && <AdminBookings data={d.bookings} />}
      {d.tab === "reports" && <AdminReports data={d.reports} />}
      {d.tab === "payments" && <AdminPayments data={d.payments} actionData={actionData} />}
      {d.tab === "reviews" && <AdminReviewReports data={d.reviews} />}
    </main>
  );
}
