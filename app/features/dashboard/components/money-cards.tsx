import { BanknoteIcon, LandmarkIcon, LockIcon, WalletIcon } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatNaira } from "~/lib/money";
import type { DashboardMoney } from "../overview.server";

function MoneyCard({
  title,
  kobo,
  icon: Icon,
  testId,
  children,
}: {
  title: string;
  kobo: number;
  icon: typeof WalletIcon;
  testId: string;
  children?: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 p-3 pb-1 sm:p-6 sm:pb-2">
        <CardTitle className="text-xs font-medium sm:text-sm">{title}</CardTitle>
        <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      </CardHeader>
      <CardContent className="space-y-1 p-3 pt-0 sm:p-6 sm:pt-0">
        <p className="text-2xl font-bold sm:text-3xl" data-testid={testId}>
          {formatNaira(kobo)}
        </p>
        {children}
      </CardContent>
    </Card>
  );
}

/** In escrow (with the next release), paid out this month, Available: the musician's money at a glance. */
export function MoneyCards({ money, slug }: { money: DashboardMoney; slug: string }) {
  const s = encodeURIComponent(slug);
  return (
    <section aria-labelledby="dashboard-money" className="space-y-2">
      <h2 id="dashboard-money" className="text-lg font-semibold">
        Your money
      </h2>
      <div className="grid gap-2 sm:grid-cols-3 sm:gap-4">
        <MoneyCard title="In escrow" kobo={money.inEscrowKobo} icon={LockIcon} testId="stat-in-escrow">
          <p className="text-xs text-muted-foreground sm:text-sm" data-testid="next-release">
            {money.nextRelease
              ? `Next release ${money.nextRelease.when}: ${formatNaira(money.nextRelease.musicianKobo)}${money.sendsTo ? `, then sent to ${money.sendsTo}` : ""}`
              : money.inEscrowKobo > 0
                ? "On hold while a dispute is open"
                : "Clients' payments wait here until after each event."}
          </p>
        </MoneyCard>
        <MoneyCard
          title="Paid out this month"
          kobo={money.paidOutThisMonthKobo}
          icon={LandmarkIcon}
          testId="stat-paid-out-month"
        >
          <p className="text-xs text-muted-foreground sm:text-sm">Sent to your bank since the 1st.</p>
        </MoneyCard>
        <MoneyCard
          title="Available"
          kobo={money.availableKobo}
          icon={WalletIcon}
          testId="stat-wallet-available"
        >
          <p className="text-xs text-muted-foreground sm:text-sm">
            {money.sendsTo ? "Automatic payouts send released money to your bank." : "Yours to withdraw now."}
          </p>
        </MoneyCard>
      </div>
      <p className="flex flex-wrap gap-x-4 text-sm">
        <Link to={`/musician_wallet/${s}`} className="text-primary underline-offset-4 hover:underline">
          <BanknoteIcon aria-hidden className="mr-1 inline size-4" />
          Open wallet
        </Link>
        <Link to={`/musician_numbers/${s}`} className="text-primary underline-offset-4 hover:underline">
          See your numbers
        </Link>
      </p>
    </section>
  );
}
