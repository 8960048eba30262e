/** What the organiser sent, as a definition list: the confirmation panel and the status page. */
export function RequestSummaryList({ lines }: { lines: [string, string][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
      {lines.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-medium text-muted-foreground">{k}</dt>
          <dd className="whitespace-pre-line break-words">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
