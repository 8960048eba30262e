import { data } from "react-router";
import { bookingsCsv, payoutsCsv } from "~/features/numbers/numbers.server";
import { requireMusicianPage } from "~/features/profiles/own-profile.server";
import { lagosToday } from "~/lib/lagos-date";
import type { Route } from "./+types/musician-numbers-csv";

const FILES = { "bookings.csv": bookingsCsv, "payouts.csv": payoutsCsv } as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { profile } = await requireMusicianPage(request, params.slug);
  const make = FILES[params.file as keyof typeof FILES];
  if (!make) throw data({ message: "Page not found" }, { status: 404 });
  const name = `stagebook-${params.file.replace(".csv", "")}-${lagosToday()}.csv`;
  return new Response(await make(profile.id), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
