import { Badge } from "~/components/ui/badge";

/** A labelled list of tags on the public profile (roles, genres, event types). */
export function Tags({ label, items }: { label: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold text-muted-foreground">{label}</h3>
      <ul className="flex flex-wrap gap-2">
        {items.map((t) => (
          <li key={t}>
            <Badge variant="secondary">{t}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}
