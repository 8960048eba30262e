import type { ReactNode } from "react";
import type { LastUpdated } from "../last-updated";

export interface LegalContact {
  email: string;
  phone: string;
}

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Shared layout for the Terms and Privacy pages: title, last-updated date, contents, sections. */
export function LegalDocument({
  title,
  intro,
  lastUpdated,
  sections,
}: {
  title: string;
  intro: ReactNode;
  lastUpdated: LastUpdated;
  sections: LegalSection[];
}) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:py-14 [&_article_a]:text-primary [&_article_a]:underline [&_article_a]:underline-offset-4">
      <article>
        <header>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          <p className="mt-2 text-sm text-muted-foreground">
            Last updated: <time dateTime={lastUpdated.iso}>{lastUpdated.label}</time>
          </p>
          <div className="mt-6 space-y-4 leading-relaxed">{intro}</div>
        </header>
        <nav aria-label="Contents" className="mt-8 rounded-lg border bg-muted/50 p-4">
          <h2 className="text-sm font-semibold">Contents</h2>
          <ol className="mt-2 grid list-decimal gap-1 pl-5 text-sm sm:grid-cols-2">
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="text-primary underline-offset-4 hover:underline">
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((s, i) => (
          <section key={s.id} aria-labelledby={s.id} className="mt-10">
            <h2 id={s.id} className="scroll-mt-20 text-xl font-semibold">
              {i + 1}. {s.title}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed [&_li]:mt-1 [&_ul]:list-disc [&_ul]:pl-6">
              {s.body}
            </div>
          </section>
        ))}
      </article>
    </main>
  );
}
