import { data } from "react-router";
import { NotFound } from "~/features/site/components/not-found";
import { pageTitle } from "~/lib/nav";

export const meta = () => [{ title: pageTitle("Page not found") }];

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
