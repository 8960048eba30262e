/** The page for an error no route handles: what went wrong, and the way home (a plain link). */
export function ErrorPage({ message }: { message: string }) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="text-muted-foreground">{message}</p>
      <a href="/" className="text-primary underline">
        Return to Home
      </a>
    </main>
  );
}
