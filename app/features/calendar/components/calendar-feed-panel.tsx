import { CopyIcon, RefreshCwIcon } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { useCopy } from "~/features/bookings/components/use-copy";

/**
 * The musician's private calendar subscription, on the Events and the Availability pages: copy, add to a
 * calendar app, regenerate (which returns to the page it was pressed on).
 */
export function CalendarFeedPanel({
  feedUrl,
  slug,
  returnTo = "events",
}: {
  feedUrl: string;
  slug: string;
  returnTo?: "events" | "availability";
}) {
  const feedCopy = useCopy("Calendar link copied to clipboard!", "Failed to copy link. Please try again.");
  return (
    <Card>
      <CardContent className="grid gap-4 p-4 sm:p-6">
        <section aria-labelledby="calendar-sync-heading" className="grid gap-3">
          <h2 id="calendar-sync-heading" className="text-lg font-semibold">
            Sync with your calendar
          </h2>
          <p className="text-sm text-muted-foreground">
            Your confirmed and completed bookings and scheduled events, in Lagos time, in the calendar app you
            already use. This link is private: anyone who has it can see your bookings.
          </p>
          <label htmlFor="calendar-feed-url" className="text-sm font-medium">
            Calendar link
          </label>
          <div className="flex flex-wrap gap-2">
            {/* The whole link, wrapped onto as many lines as it needs: a phone showed a sliver of it in a
                one-line box. A text area keeps it selectable and readable by screen readers as a value. */}
            <textarea
              id="calendar-feed-url"
              readOnly
              rows={2}
              value={feedUrl}
              onFocus={(e) => e.currentTarget.select()}
              className="min-h-10 w-full min-w-0 flex-1 break-all [resize:none] rounded-md border border-input bg-muted/40 px-3 py-2 font-mono text-xs leading-5 [field-sizing:content] sm:w-auto"
            />
            <Button type="button" variant="outline" onClick={() => feedCopy.copy(feedUrl)}>
              <CopyIcon aria-hidden />
              {feedCopy.copied ? "Copied!" : "Copy link"}
            </Button>
          </div>
          <div className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <h3 className="font-medium">Add to Google Calendar</h3>
              <ol className="list-decimal pl-5 text-muted-foreground">
                <li>Copy the link above.</li>
                <li>
                  On a computer, open Google Calendar, then beside "Other calendars" choose + and "From URL".
                </li>
                <li>Paste the link and choose "Add calendar". Google refreshes it every few hours.</li>
              </ol>
            </div>
            <div>
              <h3 className="font-medium">Add to Apple Calendar</h3>
              <ol className="list-decimal pl-5 text-muted-foreground">
                <li>Copy the link above.</li>
                <li>
                  On iPhone: Settings → Calendar → Accounts → Add Account → Other → Add Subscribed Calendar.
                  On a Mac: Calendar → File → New Calendar Subscription.
                </li>
                <li>Paste the link and save.</li>
              </ol>
            </div>
          </div>
          <Form method="post" action={`/musician_calendar_feed/${slug}`} className="grid gap-1">
            <input type="hidden" name="returnTo" value={returnTo} />
            <p className="text-sm text-muted-foreground">
              Shared the link by mistake? Make a new one; the old link stops working at once.
            </p>
            <Button type="submit" variant="outline" size="sm" className="justify-self-start">
              <RefreshCwIcon aria-hidden />
              Regenerate link
            </Button>
          </Form>
        </section>
      </CardContent>
    </Card>
  );
}
