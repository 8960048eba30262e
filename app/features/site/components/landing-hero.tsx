import { CheckIcon } from "lucide-react";
import { Link } from "react-router";
import { deferred } from "~/components/deferred";
import { buttonVariants } from "~/components/ui/button";
import { heroHighlights } from "../landing-content";

// The landing page's first screen, apart from the sections below it (landing-sections.tsx), which
// hydrate from their own chunk (ADR 0012).

// An illustration: the server draws it, and it hydrates after the text beside it.
const StageScene = deferred(() => import("./stage-scene").then((m) => m.StageScene));
export function LandingHero() {
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-secondary to-background">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 md:grid-cols-2 md:py-20">
        <div>
          <p className="inline-flex rounded-full bg-primary/10 px-3 py-1 text-sm font-medium text-primary">
            Free for event organisers
          </p>
          <h1 id="hero-title" className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Find and book live musicians in Nigeria
          </h1>
          <p className="mt-4 max-w-prose text-lg text-muted-foreground">
            Weddings, birthdays, corporate dinners and galas: discover bands, singers and instrumentalists
            near you, compare their rates in naira and book with confidence. It costs organisers nothing to
            search and send a request.
          </p>
          <ul className="mt-6 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-4">
            {heroHighlights.map((h) => (
              <li key={h} className="flex items-center gap-2 text-sm font-medium">
                <CheckIcon aria-hidden className="size-4 text-primary" />
                {h}
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/market" className={buttonVariants({ size: "lg" })}>
              Find Musicians
            </Link>
            <Link to="/register" className={buttonVariants({ size: "lg", variant: "outline" })}>
              Join as Musician
            </Link>
          </div>
        </div>
        <div className="overflow-hidden rounded-2xl shadow-lg">
          <StageScene scene="wedding" title="a live band performing at a wedding reception" />
        </div>
      </div>
    </section>
  );
}
