import { Link } from "react-router";
import type { LegalContact, LegalSection } from "./legal-document";
import { SupportContactLine } from "./support-contact-line";

export function PrivacyIntro() {
  return (
    <>
      <p>
        This Privacy Policy explains what personal data Stagebook collects when you use our marketplace and
        musician tools, why we collect it, who we share it with and the rights you have. Stagebook is the data
        controller for the personal data described here.
      </p>
      <p>
        We process personal data in line with the Nigeria Data Protection Act 2023 (NDPA) and the guidance of
        the Nigeria Data Protection Commission (NDPC). Words such as "personal data", "processing" and "data
        subject" have the meanings the NDPA gives them.
      </p>
    </>
  );
}

export function privacySections(contact: LegalContact): LegalSection[] {
  return [
    {
      id: "data-we-collect",
      title: "Data we collect",
      body: (
        <ul>
          <li>
            <strong>Account data:</strong> your first and last name, e-mail address, password (stored only as
            a secure hash) and account type.
          </li>
          <li>
            <strong>Musician profile data:</strong> stage name, phone number, location, bio, genres,
            performance roles, event types, rates, social links, website address, profile photo, and the
            photos, audio, video and performance history you add.
          </li>
          <li>
            <strong>Booking data:</strong> the client name, e-mail, phone number, event details, price and
            notes in bookings and booking requests, and the details given when a dispute is raised.
          </li>
          <li>
            <strong>Waitlist data:</strong> the first name, phone number and e-mail you give to join the
            marketplace waitlist.
          </li>
          <li>
            <strong>Technical data:</strong> your IP address, browser type and the pages you request, recorded
            in security logs and used to limit repeated sign-in attempts.
          </li>
        </ul>
      ),
    },
    {
      id: "why",
      title: "Why we use it and our lawful basis",
      body: (
        <>
          <p>Under section 25 of the NDPA we rely on these lawful bases:</p>
          <ul>
            <li>
              <strong>Contract:</strong> to create and run your account, publish your musician profile,
              deliver booking requests, create and confirm bookings, hold payments in escrow and handle
              disputes.
            </li>
            <li>
              <strong>Legitimate interests:</strong> to keep Stagebook secure, prevent fraud and abuse, and
              improve the service, in ways you would reasonably expect.
            </li>
            <li>
              <strong>Legal obligation:</strong> to keep financial records and respond to lawful requests from
              Nigerian authorities.
            </li>
            <li>
              <strong>Consent:</strong> to send you news about Stagebook, such as when new musicians join. You
              can withdraw consent at any time.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "sharing",
      title: "Who we share it with",
      body: (
        <>
          <p>We do not sell your personal data. We share it only:</p>
          <ul>
            <li>
              between the organiser and the musician on a booking or booking request, so they can arrange the
              event;
            </li>
            <li>
              publicly, for what a musician chooses to put on their profile website (stage name, bio, photos,
              media, rates and social links);
            </li>
            <li>
              with service providers who host our servers, store files, send e-mail, SMS and WhatsApp messages
              and process payments for us, under contracts that require them to protect it; and
            </li>
            <li>with regulators, courts or law enforcement where Nigerian law requires it.</li>
          </ul>
        </>
      ),
    },
    {
      id: "booking-texts",
      title: "Booking texts by SMS and WhatsApp",
      body: (
        <>
          <p>
            When a booking or booking request has your mobile number, we send you short updates about it: a
            new request, a reply, a booking to confirm, a payment, a cancellation or a refund. Never
            marketing.
          </p>
          <ul>
            <li>
              <strong>SMS</strong> come from the sender name "Stagebook" and are sent for us by Termii, a
              Nigerian messaging company.
            </li>
            <li>
              <strong>WhatsApp</strong> messages come from Stagebook's WhatsApp Business account and are sent
              through Meta's WhatsApp Business Platform, only if you chose WhatsApp for your updates.
            </li>
            <li>
              Each text carries your name or the other person's first name, the event, its date, the amount
              and a link to the booking; it never carries the other person's phone number.
            </li>
          </ul>
          <p>
            <strong>Reply STOP</strong> to any of our SMS and we send you no more texts; we confirm it once.
            You can also turn booking texts off or on under "Booking updates by SMS or WhatsApp" in your
            account, on My Bookings or on a booking's page. E-mails about your bookings continue.
          </p>
        </>
      ),
    },
    {
      id: "transfers",
      title: "Transfers outside Nigeria",
      body: (
        <p>
          Some of our service providers may process data outside Nigeria. We transfer personal data abroad
          only where the NDPA allows it, for example to a country with an adequate level of protection or
          under contractual safeguards approved by the NDPC.
        </p>
      ),
    },
    {
      id: "cookies",
      title: "Cookies",
      body: (
        <p>
          Stagebook uses only the cookies it needs to work: a session cookie that keeps you signed in (it
          cannot be read by scripts on the page) and a short-lived cookie that carries a confirmation message
          from one page to the next. We do not use advertising or cross-site tracking cookies.
        </p>
      ),
    },
    {
      id: "retention",
      title: "How long we keep it",
      body: (
        <p>
          We keep account and profile data while your account is open, and delete or anonymise it within 90
          days after you close it. We keep booking and payment records for six years, as Nigerian tax and
          accounting rules require. Security logs are kept for no longer than 12 months.
        </p>
      ),
    },
    {
      id: "security",
      title: "How we protect it",
      body: (
        <p>
          Data travels over encrypted connections, passwords are stored only as hashes, sign-in attempts are
          rate limited, and every request is checked so that a musician can see and change only their own
          data. If a personal data breach is likely to put your rights at risk, we will notify the NDPC within
          72 hours and tell you without undue delay, as the NDPA requires.
        </p>
      ),
    },
    {
      id: "your-rights",
      title: "Your rights",
      body: (
        <>
          <p>Under the NDPA you have the right to:</p>
          <ul>
            <li>be informed about how your data is used and get a copy of it;</li>
            <li>have inaccurate data corrected and incomplete data completed;</li>
            <li>have your data deleted, or its use restricted, where the law allows;</li>
            <li>object to processing based on our legitimate interests, including direct marketing;</li>
            <li>
              receive your data in a common machine-readable format and have it sent to another service;
            </li>
            <li>withdraw consent at any time, without affecting processing done before; and</li>
            <li>
              complain to the Nigeria Data Protection Commission if you believe we have not handled your data
              lawfully.
            </li>
          </ul>
          <p>
            Musicians can correct most of their data themselves in My Account. For anything else, contact us
            as described below; we reply within 30 days.
          </p>
        </>
      ),
    },
    {
      id: "age",
      title: "Minimum age",
      body: (
        <p>
          Stagebook is for adults. The minimum age to use Stagebook is 18, and we do not knowingly collect
          personal data from anyone under 18. If you believe a child has given us personal data, contact us
          and we will delete it.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to this policy",
      body: (
        <p>
          We may update this policy; the date above shows the latest version, and we will tell account holders
          about significant changes before they take effect. See also our{" "}
          <Link to="/terms">Terms of Service</Link>.
        </p>
      ),
    },
    {
      id: "contact",
      title: "Contact us",
      body: <SupportContactLine contact={contact} />,
    },
  ];
}
