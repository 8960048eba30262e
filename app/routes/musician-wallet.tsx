import { WalletIcon } from "lucide-react";
import { ComingSoon } from "~/features/dashboard/components/coming-soon";
import { requireMusicianPage } from "~/features/profiles/own-profile.server";
import { pageTitle } from "~/lib/nav";
import type { Route } from "./+types/musician-wallet";

export const meta = () => [{ title: pageTitle("Wallet") }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireMusicianPage(request, params.slug);
  return null;
}

export default function Page() {
  return (
    <ComingSoon
      title="Wallet"
      icon={WalletIcon}
      text="Soon you will see your earnings, payouts and payment history here."
    />
  );
}
