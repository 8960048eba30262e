import { data } from "react-router";
import { requireMusicianPage } from "~/features/profiles/own-profile.server";
import { WalletPage } from "~/features/wallet/components/wallet-page";
import { type WalletActionData, walletAction, walletPageData } from "~/features/wallet/wallet-page.server";
import { pageTitle } from "~/lib/nav";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/musician-wallet";

export const meta = () => [{ title: pageTitle("Wallet") }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { profile } = await requireMusicianPage(request, params.slug);
  return { wallet: await walletPageData(profile.id) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { profile, user } = await requireMusicianPage(request, params.slug);
  const result = await walletAction(
    { musicianId: profile.id, userId: user.id },
    await readForm(request),
    request,
  );
  return data<WalletActionData>(result, { status: result.ok ? 200 : 400 });
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <WalletPage wallet={loaderData.wallet} actionData={actionData} />;
}
