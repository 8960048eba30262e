import { BadgeCheckIcon, GiftIcon, type LucideIcon, ShieldCheckIcon, StarIcon } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { type LandingBenefitIcon, landingBenefits } from "../landing-content";
import { StageScene } from "./stage-scene";

const benefitIcons: Record<LandingBenefitIcon, LucideIcon> = {
  free: GiftIcon,
  verified: BadgeCheckIcon,
  escrow: ShieldCheckIcon,
  reviews: StarIcon,
};

export function BenefitTiles() {
  return (
    <section aria-labelledby="why-stagebook" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="why-stagebook" className="text-2xl font-bold">
        Why organisers book on Stagebook
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {landingBenefits.map((b) => {
          const Icon = benefitIcons[b.icon];
          return (
            <li key={b.title} className="rounded-lg border bg-card p-6 shadow-sm">
              <span className="flex size-10 items-center justify-center rounded-full bg-secondary text-primary">
                <Icon aria-hidden className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold">{b.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{b.description}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function CallToAction() {
  return (
    <section aria-labelledby="call-to-action" className="mx-auto max-w-7xl px-4 py-12">
      <div className="rounded-2xl bg-primary px-6 py-10 text-center text-primary-foreground sm:px-12">
        <h2 id="call-to-action" className="text-2xl font-bold text-balance sm:text-3xl">
          Ready to make your event unforgettable?
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-primary-foreground/90">
          Tell us about your event and find the right sound for it today, or put your own music in front of
          the organisers looking for you.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/market" className={buttonVariants({ size: "lg", variant: "secondary" })}>
            Find Musicians
          </Link>
          <Link
            to="/register"
            className={cn(
              buttonVariants({ size: "lg", variant: "outline" }),
              "border-primary-foreground bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground",
            )}
          >
            Join as Musician
          </Link>
        </div>
      </div>
    </section>
  );
}

export function MusicianCallout() {
  return (
    <section aria-labelledby="are-you-a-musician" className="mx-auto max-w-7xl px-4 py-12">
      <div className="grid items-center gap-8 rounded-2xl border bg-card p-6 shadow-sm md:grid-cols-2 md:p-10">
        <div className="order-2 overflow-hidden rounded-xl md:order-1">
          <StageScene scene="highlife" title="a highlife guitarist playing at an evening party" />
        </div>
        <div className="order-1 md:order-2">
          <h2 id="are-you-a-musician" className="text-2xl font-bold sm:text-3xl">
            Are You a Musician?
          </h2>
          <p className="mt-3 text-muted-foreground">
            Get your own profile website, receive booking requests, get paid securely through escrow and build
            a reputation organisers trust. Signing up is free.
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Link to="/register" className={buttonVariants()}>
              Sign up as a musician
            </Link>
            <Link to="/musicians" className={buttonVariants({ variant: "outline" })}>
              Learn more
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
