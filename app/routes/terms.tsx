import { LegalDocument } from "~/features/site/components/legal-document";
import { TermsIntro, termsSections } from "~/features/site/components/terms-sections";
import { lastUpdated } from "~/features/site/last-updated";
import { pageTitle } from "~/lib/nav";
import { useRootData } from "~/root";
import type { Route } from "./+types/terms";

export const meta = () => [
  { title: pageTitle("Terms of Service") },
  {
    name: "description",
    content:
      "Stagebook's terms: fees, escrow payment, musicians' own rates and policies, mediation and arbitration in Lagos, minimum age 18.",
  },
];

export function loader() {
  return { lastUpdated: lastUpdated() };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const support = useRootData()?.support ?? { email: "", phone: "" };
  return (
    <LegalDocument
      title="Terms of Service"
      intro={<TermsIntro />}
      lastUpdated={loaderData.lastUpdated}
      sections={termsSections(support)}
    />
  );
}
