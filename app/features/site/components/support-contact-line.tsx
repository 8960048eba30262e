import type { LegalContact } from "./legal-document";

export const NO_SUPPORT_CONTACT_YET =
  "Our support e-mail and phone are not published on this site yet. You can still reach us through the site:";

export function SupportContactLine({ contact }: { contact: LegalContact }) {
  if (!contact.email && !contact.phone) {
    // No support address configured (SUPPORT_EMAIL / SUPPORT_PHONE unset): say how the site itself
    // reaches us rather than leave a person with nowhere to write (phone walk 2).
    return (
      <>
        <p>{NO_SUPPORT_CONTACT_YET}</p>
        <ul>
          <li>
            About a booking: open it from your booking link and use "Dispute Booking"; a musician adds their
            side from My Bookings. Our team reads both and answers you by e-mail.
          </li>
          <li>
            About a payout account you did not add: sign in, change your password and put your own account
            back in your wallet. Payouts to a changed account wait 24 hours, so there is time to put yours
            back.
          </li>
        </ul>
      </>
    );
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
