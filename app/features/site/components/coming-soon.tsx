import { NewspaperIcon } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";

export function ComingSoon() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
        <NewspaperIcon aria-hidden className="size-7" />
      </span>
      <h1 className="text-3xl font-bold sm:text-4xl">Coming Soon!</h1>
      <p className="text-muted-foreground">
        We are writing guides for event organisers and musicians: planning the music for your wedding, pricing
        your performances, and stories from stages across Nigeria. Check back soon.
      </p>
      <div className="mt-2 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to="/" className={buttonVariants()}>
          Back to Home
        </Link>
        <Link to="/market" className={buttonVariants({ variant: "outline" })}>
          Find Musicians
        </Link>
      </div>
    </main>
  );
}
