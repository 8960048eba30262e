import { useEffect, useState } from "react";
import { data, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { priceHintsFor } from "~/features/numbers/numbers.server";
import { ExperienceManager } from "~/features/performances/components/experience-manager";
import { PhoneUpdatesPanel } from "~/features/phone-messages/components/phone-updates-panel";
import { phoneUpdatesOfUser } from "~/features/phone-messages/phone-consent.server";
import { PortfolioManager } from "~/features/portfolio/components/portfolio-manager";
import { AboutForm } from "~/features/profiles/components/about-form";
import { AccountForm } from "~/features/profiles/components/account-form";
import { pickTab, TabNav } from "~/features/profiles/components/tab-nav";
import {
  type EditorActionData,
  handleEditorForm,
  handleUpload,
} from "~/features/profiles/editor-actions.server";
import { requireMusician } from "~/features/profiles/own-profile.server";
import { WEBSITE_NOT_ACTIVE, WEBSITE_NOT_ACTIVE_DESCRIPTION } from "~/features/profiles/profile.schema";
import { getEditorData } from "~/features/profiles/profile.server";
import { CancellationPolicyForm } from "~/features/refunds/components/cancellation-policy-form";
import { cancellationPolicyOf } from "~/features/wallet/wallet.server";
import { pageTitle } from "~/lib/nav";
import { useActionToast } from "~/lib/use-action-toast";
import { publicOrigin } from "~/server/env.server";
import { discardBody, readForm } from "~/server/read-form.server";
import type { Route } from "./+types/profile";

const TABS = [
  { id: "about", label: "About" },
  { id: "portfolio", label: "Portfolio" },
  { id: "experience", label: "Experience" },
  { id: "account", label: "Account" },
] as const;

// Url-encoded editor forms are small; anything bigger is not one of ours.
const MAX_FORM_BYTES = 100_000;

export const meta = () => [{ title: pageTitle("My Profile") }];

export async function loader({ request }: Route.LoaderArgs) {
  const { user, profile } = await requireMusician(request);
  const editor = await getEditorData(user.id);
  if (!editor) throw data({ message: "Musician profile not found" }, { status: 404 });
  // "View My Website" sends a musician here when the website is not active yet (spec §6).
  const fromViewWebsite = new URL(request.url).searchParams.get("from") === "view-website";
  const toast =
    fromViewWebsite && !editor.website.active
      ? { type: "error" as const, message: WEBSITE_NOT_ACTIVE, description: WEBSITE_NOT_ACTIVE_DESCRIPTION }
      : undefined;
  const cancellationPolicy = await cancellationPolicyOf(profile.id);
  const phoneUpdates = await phoneUpdatesOfUser(user.id);
  // What others are booked for, for the event types the musician plays (issue 38).
  const hints = await priceHintsFor(profile.id);
  const priceHints = editor.profile.eventTypes.flatMap((t) => (hints[t] ? [hints[t] as string] : []));
  return { ...editor, cancellationPolicy, phoneUpdates, priceHints, origin: publicOrigin(), toast };
}

export async function action({ request }: Route.ActionArgs) {
  const ctx = await requireMusician(request);
  const media = new URL(request.url).searchParams.get("media");
  if (media !== null) return handleUpload(request, ctx, media);
  if (Number(request.headers.get("content-length") ?? 0) > MAX_FORM_BYTES) {
    const body: EditorActionData = {
      intent: "unknown",
      ok: false,
      toast: { type: "error", message: "An unexpected error occurred" },
    };
    await discardBody(request);
    return data(body, { status: 413 });
  }
  return handleEditorForm(await readForm(request), ctx);
}

export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // Switching tabs changes only ?tab=: the data is already here.
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && !nextUrl.searchParams.has("from"))
    return false;
  return defaultShouldRevalidate;
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const tab = pickTab(params.get("tab"), TABS);
  useActionToast(loaderData);
  useActionToast(actionData);
  const [resetKey, setResetKey] = useState(0);
  useEffect(() => {
    if (actionData?.ok) setResetKey((k) => k + 1);
  }, [actionData]);
  const errorsFor = (...intents: string[]) =>
    actionData && intents.includes(actionData.intent) ? (actionData.errors ?? {}) : {};

  const { profile, website, portfolio, performances, origin } = loaderData;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">My Profile</h1>
          <p className="text-muted-foreground">
            Build the website organisers see when they consider booking you.
          </p>
        </div>
      </div>
      <TabNav tabs={TABS} current={tab} label="Profile sections" className="mb-6" />
      {tab === "about" && (
        <AboutForm profile={profile} errors={errorsFor("about")} priceHints={loaderData.priceHints} />
      )}
      {tab === "portfolio" && (
        <PortfolioManager
          items={portfolio}
          errors={errorsFor("add-video", "add-instagram")}
          resetKey={resetKey}
        />
      )}
      {tab === "experience" && (
        <ExperienceManager
          performances={performances}
          errors={errorsFor("add-performance")}
          resetKey={resetKey}
        />
      )}
      {tab === "account" && (
        <div className="grid gap-8">
          <AccountForm profile={profile} website={website} origin={origin} errors={errorsFor("account")} />
          <PhoneUpdatesPanel state={loaderData.phoneUpdates} scope="account" />
          <CancellationPolicyForm
            current={loaderData.cancellationPolicy}
            error={errorsFor("cancellation-policy").cancellationPolicy}
          />
        </div>
      )}
    </main>
  );
}
