import { calendarFeed, ICS_HEADERS } from "~/features/calendar/feed.server";
import type { Route } from "./+types/calendar-feed";

/** A musician's private calendar subscription: the token in the URL is the only credential. */
export async function loader({ params }: Route.LoaderArgs) {
  const ics = await calendarFeed(params.token);
  if (!ics) {
    return new Response("This calendar link is not valid. Copy the current link from your Events page.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(ics, {
    headers: { ...ICS_HEADERS, "Content-Disposition": 'inline; filename="stagebook.ics"' },
  });
}
