import {
  BarChart3Icon,
  CalendarCheckIcon,
  EyeIcon,
  type LucideIcon,
  ShieldCheckIcon,
  StarIcon,
  UsersIcon,
} from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { FeeRatesNote } from "~/features/payments/components/commission-note";
import {
  howItWorks,
  type MusicianBenefitIcon,
  musicianBenefits,
  recruitmentSlides,
} from "../recruitment-content";
import { SceneCarousel } from "./scene-carousel";

const benefitIcons: Record<MusicianBenefitIcon, LucideIcon> = {
  visibility: EyeIcon,
  payments: ShieldCheckIcon,
  booking: CalendarCheckIcon,
  reputation: StarIcon,
  collaborators: UsersIcon,
  analytics: BarChart3Icon,
};

export function RecruitmentHero() {
  return (
    <section aria-labelledby="join-title" className="bg-gradient-to-b from-secondary to-background">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 md:grid-cols-2 md:py-16">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">For musicians</p>
          <h1 id="join-title" className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">
            Join as Musician
          </h1>
          <p className="mt-4 max-w-prose text-lg text-muted-foreground">
            Stagebook puts your music in front of event organisers across Nigeria and gives you the tools to
            run your bookings like a business: one profile website, one calendar, secure payment.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/register" className={buttonVariants({ size: "lg" })}>
              Create your free profile
            </Link>
            {/* There are no success stories on the page (none invented): the second button leads somewhere real. */}
            <a href="#how-it-works" className={buttonVariants({ size: "lg", variant: "outline" })}>
              See how it works
            </a>
          </div>
        </div>
        <SceneCarousel slides={recruitmentSlides} label="Where Stagebook musicians perform" />
      </div>
    </section>
  );
}

export function MusicianBenefits() {
  return (
    <section aria-labelledby="benefits" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="benefits" className="text-2xl font-bold sm:text-3xl">
        Why musicians join Stagebook
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {musicianBenefits.map((b) => {
          const Icon = benefitIcons[b.icon];
          return (
            <li key={b.title} className="flex gap-4 rounded-lg border bg-card p-5 shadow-sm">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
                <Icon aria-hidden className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold">{b.title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{b.description}</p>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="mt-6 rounded-lg border bg-card p-5 shadow-sm">
        <h3 className="font-semibold">What it costs</h3>
        <FeeRatesNote className="mt-1 text-sm text-muted-foreground" />
      </div>
    </section>
  );
}

export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works" className="scroll-mt-20 bg-muted/50">
      <div className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="how-it-works" className="text-2xl font-bold sm:text-3xl">
          How it works
        </h2>
        <ol className="mt-6 grid gap-4 md:grid-cols-3">
          {howItWorks.map((step, i) => (
            <li key={step.title} className="flex h-full gap-4 rounded-lg border bg-card p-6 shadow-sm">
              <span
                aria-hidden
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
              >
                {i + 1}
              </span>
              <div>
                <h3 className="font-semibold">{step.title}</h3>
                <p className="mt-2 text-sm text-muted-foreground text-pretty">{step.description}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function RecruitmentSignUp() {
  return (
    <section aria-labelledby="start-today" className="mx-auto max-w-7xl px-4 py-12">
      <div className="rounded-2xl bg-primary px-6 py-10 text-center text-primary-foreground sm:px-12">
        <h2 id="start-today" className="text-2xl font-bold sm:text-3xl">
          Start getting booked today
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-primary-foreground/90">
          Sign up in a minute, set your rates and availability, and share your Stagebook website with every
          client.
        </p>
        <Link to="/register" className={`${buttonVariants({ size: "lg", variant: "secondary" })} mt-6`}>
          Sign up as a musician
        </Link>
        <p className="mt-4 text-sm text-primary-foreground/90">
          Already have an account?{" "}
          <Link to="/login" className="font-medium underline underline-offset-4">
            Sign in
          </Link>
        </p>
      </div>
    </section>
  );
}
