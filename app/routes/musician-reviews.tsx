import { data } from "react-router";
import { requireMusicianPage } from "~/features/profiles/own-profile.server";
import { MusicianReviewsPage } from "~/features/reviews/components/musician-reviews-page";
import { REVIEW_INTENTS, type ReviewActionResult } from "~/features/reviews/review-action";
import { organiserReviewAction, replyAction, reportAction } from "~/features/reviews/review-actions.server";
import { musicianReviewsPage } from "~/features/reviews/review-lists.server";
import { formToObject } from "~/lib/field-errors";
import { pageTitle } from "~/lib/nav";
import { readForm } from "~/server/read-form.server";
import type { Route } from "./+types/musician-reviews";

export const meta = () => [{ title: pageTitle("Reviews") }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { profile } = await requireMusicianPage(request, params.slug);
  return musicianReviewsPage(profile.id);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = await requireMusicianPage(request, params.slug);
  const form = formToObject(await readForm(request));
  if (form.intent === REVIEW_INTENTS.reply) return replyAction(form, ctx.profile);
  if (form.intent === REVIEW_INTENTS.report) {
    return reportAction(form, { userId: ctx.user.id, clientIp: context.clientIp });
  }
  if (form.intent === REVIEW_INTENTS.organiserCreate || form.intent === REVIEW_INTENTS.organiserEdit) {
    return organiserReviewAction(form, ctx);
  }
  return data<ReviewActionResult>(
    { intent: String(form.intent ?? ""), ok: false, toast: { type: "error", message: "Unknown action" } },
    { status: 400 },
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <MusicianReviewsPage data={loaderData} />;
}
