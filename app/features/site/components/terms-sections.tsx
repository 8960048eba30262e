import { Link } from "react-router";
import type { LegalContact, LegalSection } from "./legal-document";
import { SupportContactLine } from "./support-contact-line";

export function TermsIntro() {
  return (
    <>
      <p>
        These Terms of Service govern your use of Stagebook, a marketplace where event organisers in Nigeria
        find and book live musicians, and the tools Stagebook gives musicians to manage their profile,
        bookings, events and availability. By creating an account, sending a booking request, confirming a
        booking or otherwise using Stagebook you agree to these terms.
      </p>
      <p>
        Please read them with our <Link to="/privacy">Privacy Policy</Link>, which explains how we handle your
        personal data.
      </p>
    </>
  );
}

export function termsSections(contact: LegalContact): LegalSection[] {
  return [
    {
      id: "eligibility",
      title: "Who may use Stagebook",
      body: (
        <>
          <p>
            You must be at least 18 years old to create an account, send a booking request or accept a booking
            on Stagebook. By using Stagebook you confirm that you are 18 or older and able to enter into a
            binding contract under Nigerian law.
          </p>
          <p>
            If you use Stagebook on behalf of a company, church, family or other organisation, you confirm
            that you are authorised to bind it to these terms.
          </p>
        </>
      ),
    },
    {
      id: "accounts",
      title: "Your account",
      body: (
        <ul>
          <li>Give accurate information when you register and keep it up to date.</li>
          <li>
            Keep your password secret. You are responsible for what happens under your account; tell us at
            once if you think someone else has used it.
          </li>
          <li>
            Musicians and event organisers can both register. An organiser may also browse, send booking
            requests and confirm bookings without an account.
          </li>
        </ul>
      ),
    },
    {
      id: "role",
      title: "Stagebook's role",
      body: (
        <p>
          Stagebook provides the platform that connects organisers and musicians and handles payment for
          bookings. The contract for a performance is between the organiser and the musician. Musicians are
          independent professionals, not Stagebook's employees or agents, and Stagebook does not perform at
          events.
        </p>
      ),
    },
    {
      id: "musicians",
      title: "Musicians' rates, availability and policies",
      body: (
        <>
          <p>
            Musicians set their own rates, availability and cancellation policies, and are responsible for
            keeping them accurate on their profile and in every booking they create. A musician's rate,
            availability and cancellation policy as shown when a booking is confirmed form part of that
            booking.
          </p>
          <p>
            Musicians must only upload photos, audio and video they have the right to use, and must describe
            their performance, line-up and equipment honestly.
          </p>
        </>
      ),
    },
    {
      id: "bookings",
      title: "Bookings and payment",
      body: (
        <>
          <p>
            All prices on Stagebook are in Nigerian naira (₦). An organiser accepts a booking by confirming it
            on the booking page the musician shares. Payment for a booking is made through Stagebook.
          </p>
          <p>
            Payment is held in escrow by Stagebook until the service is completed. Once the performance has
            taken place as agreed, we release the payment to the musician, less the musician's commission. If
            a dispute is raised before the payment is released, we keep holding it until the dispute is
            resolved under section 8.
          </p>
          <p>
            Unless a musician turns it off in their wallet, the musician's share is sent to their verified
            bank account as soon as it is released. We hold a payout back, and say why in the wallet, while
            the bank account was changed in the last 24 hours or while a card dispute is open on that booking;
            it is sent when the hold ends.
          </p>
        </>
      ),
    },
    {
      id: "fees",
      title: "Fees",
      body: (
        <>
          <p>
            Browsing musicians and sending booking requests is free for event organisers. Stagebook charges:
          </p>
          <ul>
            <li>
              organisers a service fee on each booking paid through Stagebook, at the rate shown at checkout
              before you pay; and
            </li>
            <li>
              musicians a commission on each completed booking, at the rate shown in your dashboard before you
              accept the booking.
            </li>
          </ul>
          <p>
            We will never charge a fee or commission that was not shown to you before you committed to the
            booking. Any change to our rates applies only to bookings made after the change.
          </p>
          <p>
            Payouts to a musician's Nigerian bank account are free for the musician: Stagebook pays the bank
            transfer fee for every payout, whether it is sent automatically when a payment is released or when
            you withdraw, so the amount shown in your wallet is the amount that reaches your bank.
          </p>
        </>
      ),
    },
    {
      id: "cancellations",
      title: "Cancellations and refunds",
      body: (
        <p>
          Cancellations are handled under the cancellation policy the musician set for that booking. If a
          musician cancels or fails to perform, the organiser is refunded the amount held in escrow for that
          booking, including our service fee. Refunds are paid to the original payment method.
        </p>
      ),
    },
    {
      id: "disputes",
      title: "Disputes",
      body: (
        <>
          <p>
            If something goes wrong with a booking, an organiser can raise a dispute from the booking page,
            and either side can contact us. Disputes go first to Stagebook's mediation: we hear both sides,
            review the booking and any evidence, and propose a fair resolution, including how the payment held
            in escrow is released or refunded.
          </p>
          <p>
            If mediation does not resolve the dispute within 30 days, either party may refer it to arbitration
            in Lagos, Nigeria, under the Arbitration and Mediation Act 2023, before a single arbitrator. The
            arbitration will be conducted in English and its award will be final and binding. Nothing in this
            section stops either party from seeking urgent relief from a court.
          </p>
        </>
      ),
    },
    {
      id: "conduct",
      title: "Acceptable use",
      body: (
        <ul>
          <li>Do not post false, misleading, offensive or unlawful content.</li>
          <li>
            Do not take a booking found on Stagebook off the platform to avoid fees or escrow protection.
          </li>
          <li>Do not harass other users, scrape the site or interfere with its security or operation.</li>
        </ul>
      ),
    },
    {
      id: "content",
      title: "Your content",
      body: (
        <p>
          You keep ownership of the photos, audio, video and text you upload. You give Stagebook a
          non-exclusive, royalty-free licence to host, display and share that content on Stagebook and in
          promoting Stagebook, for as long as it stays on the platform.
        </p>
      ),
    },
    {
      id: "liability",
      title: "Limitation of liability",
      body: (
        <>
          <p>
            Stagebook is provided with reasonable care and skill. To the fullest extent the law allows,
            Stagebook's total liability to you for all claims arising from or relating to Stagebook is capped
            at the amount you paid to Stagebook in the six months before the event giving rise to the claim.
          </p>
          <p>
            We are not liable for indirect or consequential losses, or for the acts or omissions of organisers
            and musicians. Nothing in these terms limits liability that cannot be limited under Nigerian law,
            including liability for fraud or for death or personal injury caused by negligence.
          </p>
        </>
      ),
    },
    {
      id: "suspension",
      title: "Suspension and closing your account",
      body: (
        <p>
          You may close your account at any time. We may suspend or close an account that breaks these terms,
          after telling you why where the law and safety allow. Bookings already paid into escrow are settled
          under these terms.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes and governing law",
      body: (
        <p>
          We may update these terms; the date above shows the latest version, and we will tell account holders
          about significant changes before they take effect. These terms are governed by the laws of the
          Federal Republic of Nigeria.
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
