import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";

export function NotFound() {
  return (
    <main className="flex min-h-[70vh] flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonVariants()}>
        Return to Home
      </Link>
    </main>
  );
}
