import type { LegalContact } from "./legal-document";

export function SupportContactLine({ contact }: { contact: LegalContact }) {
  if (!contact.email && !contact.phone) {
    return <p>Use the Contact link at the bottom of any page to reach our support team.</p>;
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
