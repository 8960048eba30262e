import type { LegalContact } from "./legal-document";

export function SupportContactLine({ contact }: { contact: LegalContact }) {
  if (!contact.email && !contact.phone) {
    // No support address configured: say so rather than point at a Contact link that is not there.
    return <p>Our support contact details have not been published on this site yet.</p>;
  }
  return (
    <p>
      Questions about this document? Contact our support team
      {contact.email && (
        <>
          {" "}
          at <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </>
      )}
      {contact.phone && (
        <>
          {contact.email ? " or" : ""} on{" "}
          <a href={`tel:${contact.phone.replace(/\s+/g, "")}`}>{contact.phone}</a>
        </>
      )}
      .
    </p>
  );
}
