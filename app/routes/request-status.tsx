import { data } from "react-router";
import { requestStatusByToken } from "~/features/booking-requests/booking-requests.server";
import { RequestStatusPage } from "~/features/booking-requests/components/request-status-page";
import { pageTitle } from "~/lib/nav";
import type { Route } from "./+types/request-status";

export const meta = () => [
  { title: pageTitle("Your booking request") },
  { name: "robots", content: "noindex" },
];

/** The private link an organiser follows their request by: the token is the capability. */
export async function loader({ params }: Route.LoaderArgs) {
  const view = await requestStatusByToken(params.token);
  if (!view) throw data({ message: "This request link is not valid." }, { status: 404 });
  return { view };
}

export function headers() {
  // The token is the organiser's own capability: never kept by a shared cache.
  return { "Cache-Control": "private, no-store" };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <RequestStatusPage view={loaderData.view} />;
}
