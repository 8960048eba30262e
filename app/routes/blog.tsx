import { ComingSoon } from "~/features/site/components/coming-soon";
import { pageTitle } from "~/lib/nav";

export const meta = () => [
  { title: pageTitle("Blog") },
  {
    name: "description",
    content: "The Stagebook blog for event organisers and musicians in Nigeria is coming soon.",
  },
];

export default function Page() {
  return <ComingSoon />;
}
