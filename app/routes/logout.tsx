import { redirect } from "react-router";
import { signOut } from "~/features/auth/accounts.server";
import { redirectWithToast } from "~/server/flash.server";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await signOut(request, context.clientIp);
  if (!result.ok) {
    const back = request.headers.get("referer");
    const to = back && new URL(back).origin === new URL(request.url).origin ? new URL(back).pathname : "/";
    return redirectWithToast(to, { type: "error", message: "Logout failed" });
  }
  return redirectWithToast(
    "/login",
    { type: "success", message: "Logout successful" },
    { headers: result.headers },
  );
}
