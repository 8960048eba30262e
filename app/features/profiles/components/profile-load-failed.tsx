import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

/** The public profile's error page: a missing or inactive website, or a failed load. */
export function ProfileLoadFailed({ title, notFound }: { title: string; notFound: boolean }) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md items-center px-4 py-12">
      <Card className="w-full text-center">
        <CardHeader>
          <CardTitle>
            <h1>{title}</h1>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="text-muted-foreground">
            {notFound
              ? "This musician's website does not exist or is not active yet."
              : "Something went wrong while loading this page. Please try again."}
          </p>
          {/* The list of musicians (/market), not the recruitment page (ARCHITECTURE §9). */}
          <Link to="/market" className={buttonVariants()}>
            Back to Musicians
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
