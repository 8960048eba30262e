import { data, redirect } from "react-router";
import { shortLinkTarget } from "~/features/phone-messages/short-links.server";
import type { Route } from "./+types/short-link";

/** /s/{code}: a text's short link, to the page it stands for on this site. */
export async function loader({ params }: Route.LoaderArgs) {
  const target = await shortLinkTarget(params.code);
  if (!target) throw data({ message: "Link not found" }, { status: 404 });
  return redirect(target, 302);
}
