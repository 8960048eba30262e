import { useContext, useEffect } from "react";
import { preload } from "react-dom";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext,
  useRouteLoaderData,
} from "react-router";
import { deferred, markRootHydrated } from "~/components/deferred";
import { TestModeBanner } from "~/components/layout/test-mode-banner";
import { Toaster } from "~/components/ui/toaster";
import { getSessionUser } from "~/features/auth/session.server";
import { configuredFeeRates } from "~/features/money/fees.server";
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, pageTitle } from "~/lib/nav";
import { OUTAGE_MESSAGE } from "~/lib/outage";
import { scrollKey } from "~/lib/scroll-key";
import { toast } from "~/lib/toast";
import { env } from "~/server/env.server";
import { type FlashToast, takeFlashToast } from "~/server/flash.server";
import type { Route } from "./+types/root";
import "./app.css";

// Only an error renders these: their code is not in every page's first load (ADR 0012).
const NotFound = deferred(() => import("~/features/site/components/not-found").then((m) => m.NotFound));
const ErrorPage = deferred(() => import("~/features/site/components/error-page").then((m) => m.ErrorPage));

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  const flash = await takeFlashToast(request);
  return data(
    {
      user: user ? { firstName: user.firstName, role: user.role } : null,
      toast: flash.toast,
      nonce: context.cspNonce,
      support: { email: env().SUPPORT_EMAIL ?? "", phone: env().SUPPORT_PHONE ?? "" },
      // The same for everyone (so cacheable): price fields say the commission as the musician types.
      feeRates: configuredFeeRates(),
      // The same for everyone: the past-event question says when a payment would be released.
      releaseAfterHours: env().RELEASE_AFTER_HOURS,
      // No Paystack key: the built-in test provider takes payments and every page says so.
      testMode: !env().PAYSTACK_SECRET_KEY,
    },
    { headers: flash.headers },
  );
}

export function meta({ error }: Route.MetaArgs) {
  // The error pages' titles come from here rather than a <title> in the boundary, one place for both.
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [{ title: pageTitle(notFound ? "Page not found" : "Error") }];
  }
  return [{ title: DEFAULT_TITLE }, { name: "description", content: DEFAULT_DESCRIPTION }];
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

function FlashToasts({ flash }: { flash: FlashToast | null | undefined }) {
  useEffect(() => {
    if (!flash) return;
    toast[flash.type](flash.message, { description: flash.description });
  }, [flash]);
  return null;
}

/**
 * Marks the document once React has hydrated the root and the page's deferred parts (end-to-end tests
 * wait for it); the tap holder in <head> replays the taps it held then.
 */
function HydrationMarker() {
  useEffect(markRootHydrated, []);
  return null;
}

/**
 * Starts the stylesheet's download before the scripts'. React 19 hoists <Scripts>' ~20-40 modulepreload
 * links into <head> ahead of <Links>' stylesheet, so on HTTP/1.1's six connections the render-blocking
 * CSS waited behind the JavaScript (the largest part of every page's LCP on a slow network). A
 * preload() call goes into React's preamble before those links.
 */
function useStylesheetFirst() {
  const framework = useContext(UNSAFE_FrameworkContext);
  // The server's render only: in the browser the hint is already in the document, and react-dom's
  // resource functions would add 1.4 KB to every page's first load.
  if (!import.meta.env.SSR) return;
  for (const href of framework?.manifest.routes.root?.css ?? []) preload(href, { as: "style" });
}

export function Layout({ children }: { children: React.ReactNode }) {
  useStylesheetFirst();
  const root = useRootData();
  const nonce = root?.nonce || undefined;
  return (
    <html lang="en-NG">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#6d28d9" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {root?.testMode ? <TestModeBanner /> : null}
        {children}
        <Toaster />
        <FlashToasts flash={root?.toast} />
        <HydrationMarker />
        <ScrollRestoration nonce={nonce} getKey={scrollKey} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound />;
  }
  const message = !isRouteErrorResponse(error)
    ? "An unexpected error occurred"
    : error.status === 503
      ? OUTAGE_MESSAGE
      : ((error.data as { message?: string } | undefined)?.message ?? error.statusText);
  return <ErrorPage message={message} />;
}
