import { LegalDocument } from "~/features/site/components/legal-document";
import { PrivacyIntro, privacySections } from "~/features/site/components/privacy-sections";
import { lastUpdated } from "~/features/site/last-updated";
import { pageTitle } from "~/lib/nav";
import { useRootData } from "~/root";
import type { Route } from "./+types/privacy";

export const meta = () => [
  { title: pageTitle("Privacy Policy") },
  {
    name: "description",
    content:
      "How Stagebook collects, uses and protects personal data under the Nigeria Data Protection Act 2023, and the rights you have.",
  },
];

export function loader() {
  return { lastUpdated: lastUpdated() };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const support = useRootData()?.support ?? { email: "", phone: "" };
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={<PrivacyIntro />}
      lastUpdated={loaderData.lastUpdated}
      sections={privacySections(support)}
    />
  );
}
