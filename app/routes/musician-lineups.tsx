import { data } from "react-router";
import { MemberLineUpsPage } from "~/features/lineups/components/member-line-ups-page";
import { isLineUpIntent, lineUpAction } from "~/features/lineups/lineup-actions.server";
import { memberLineUpsPage } from "~/features/lineups/lineups.server";
import { requireMusicianPage } from "~/features/profiles/own-profile.server";
import { formToObject } from "~/lib/field-errors";
import { pageTitle } from "~/lib/nav";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/musician-lineups";

export const meta = () => [{ title: pageTitle("Line-ups") }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { profile } = await requireMusicianPage(request, params.slug);
  return memberLineUpsPage(profile);
}

/** The member's answers (Accept, Decline, Leave) and their thread with the leader. */
export async function action({ request, params }: Route.ActionArgs) {
  const { profile } = await requireMusicianPage(request, params.slug);
  const form = formToObject(await readForm(request));
  if (!isLineUpIntent(form.intent))
    return data({ ok: false, toast: { type: "error", message: "Unknown action" } }, { status: 400 });
  return lineUpAction(profile, form.intent, form);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <MemberLineUpsPage {...loaderData} />;
}
