import { useEffect } from "react";
import {
  HowItWorks,
  MusicianBenefits,
  RecruitmentHero,
  RecruitmentSignUp,
} from "~/features/site/components/recruitment-sections";
import { pageTitle } from "~/lib/nav";
import type { OpensAtTopHandle } from "~/lib/scroll-key";

export const handle: OpensAtTopHandle = { opensAtTop: true };

export const meta = () => [
  { title: pageTitle("Join as Musician") },
  {
    name: "description",
    content:
      "Join Stagebook as a musician: get discovered by event organisers across Nigeria, get paid securely through escrow and manage your bookings in one place.",
  },
];

export default function Page() {
  // Spec §2: the page opens at the top even when the visitor arrives from far down another page. The
  // handle keeps the router from restoring a position; this covers the browser's own restore on reload.
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, []);

  return (
    <main>
      <RecruitmentHero />
      <MusicianBenefits />
      <HowItWorks />
      <RecruitmentSignUp />
    </main>
  );
}
