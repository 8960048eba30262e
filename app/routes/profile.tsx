import { requireMusician } from "~/features/profiles/own-profile.server";
import { pageTitle } from "~/lib/nav";
import type { Route } from "./+types/profile";

export const meta = () => [{ title: pageTitle("My Profile") }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireMusician(request);
  return null;
}

export default function Page() {
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">My Profile</h1>
    </main>
  );
}
