import { WalletIcon } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatNaira } from "~/lib/money";

/** The dashboard overview's wallet card: what the musician can withdraw now. */
export function WalletAvailableCard({ availableKobo, slug }: { availableKobo: number; slug: string }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
        <CardTitle className="text-sm font-medium">Wallet · Available</CardTitle>
        <WalletIcon aria-hidden className="size-4 text-muted-foreground" />
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold" data-testid="stat-wallet-available">
          {formatNaira(availableKobo)}
        </p>
        <Link
          to={`/musician_wallet/${slug}`}
          className="text-sm text-primary underline-offset-4 hover:underline"
        >
          Open wallet
        </Link>
      </CardContent>
    </Card>
  );
}
