import { CheckCircle2Icon, CircleIcon } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { SetupChecklist } from "../setup-checklist.server";

/** Shown on the dashboard until every step is done; each step ticks itself from real data. */
export function SetupChecklistCard({ checklist }: { checklist: SetupChecklist }) {
  const done = checklist.items.filter((i) => i.done).length;
  return (
    <section aria-labelledby="setup-checklist-title">
      <Card>
        <CardHeader>
          <CardTitle id="setup-checklist-title">Get ready for your first booking</CardTitle>
          <CardDescription>
            {done} of {checklist.items.length} done
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <ol className="grid gap-2" aria-label="Setup checklist">
            {checklist.items.map((item) => (
              <li key={item.key}>
                <Link
                  to={item.href}
                  className="flex items-start gap-3 rounded-md p-2 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {item.done ? (
                    <CheckCircle2Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-green-700" />
                  ) : (
                    <CircleIcon aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                  )}
                  <span className="grid">
                    <span className={item.done ? "text-muted-foreground line-through" : "font-medium"}>
                      {item.label}
                      <span className="sr-only">{item.done ? " (done)" : " (to do)"}</span>
                    </span>
                    <span className="text-sm text-muted-foreground">{item.hint}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ol>
          {checklist.shareUrl && (
            <div className="grid gap-2 rounded-md bg-muted/50 p-3 text-sm">
              <p>
                Your website: <span className="font-medium break-all">{checklist.shareUrl}</span>
              </p>
              <a
                // ?from=whatsapp: WhatsApp sends no Referer, so the Numbers page could not tell these visits apart.
                href={`https://wa.me/?text=${encodeURIComponent(`Book me for your next event: ${checklist.shareUrl}?from=whatsapp`)}`}
                target="_blank"
                rel="noreferrer"
                className="font-medium text-primary underline"
              >
                Share on WhatsApp
              </a>
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
