/** The line-up as the client reads it: who plays and what, never a fee (issue 39 §6). */
export function ClientLineUp({ members }: { members: { name: string; role: string }[] }) {
  if (members.length === 0) return null;
  return (
    <section
      aria-labelledby="client-line-up-title"
      className="mx-auto grid w-full max-w-3xl gap-2 px-4 pb-10"
      data-testid="client-line-up"
    >
      <h2 id="client-line-up-title" className="text-lg font-semibold">
        Line-up
      </h2>
      <ul className="grid gap-1 text-sm">
        {members.map((m) => (
          <li key={`${m.name}-${m.role}`}>
            <span className="font-medium">{m.name}</span> · {m.role}
          </li>
        ))}
      </ul>
    </section>
  );
}
