import { Link } from "react-router";

/** The leader's dashboard card: members' latest answers to their line-up invites (issue 39 §3-4). */
export function LineUpNews({ news }: { news: { placeId: string; text: string; href: string }[] }) {
  if (news.length === 0) return null;
  return (
    <section aria-labelledby="line-up-news-title" className="grid gap-2 rounded-lg border p-4">
      <h2 id="line-up-news-title" className="text-lg font-semibold">
        Your line-ups
      </h2>
      <ul className="grid gap-1 text-sm">
        {news.map((n) => (
          <li key={n.placeId}>
            <Link to={n.href} className="underline underline-offset-4">
              {n.text}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
