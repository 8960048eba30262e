export type LandingBenefitIcon = "free" | "verified" | "escrow" | "reviews";

export interface LandingBenefit {
  icon: LandingBenefitIcon;
  title: string;
  description: string;
}

/** The landing page's four benefit tiles (spec §1: free for organisers, verified, secure payment, reviews). */
export const landingBenefits: LandingBenefit[] = [
  {
    icon: "free",
    title: "Free for Event Organisers",
    description:
      "Browse musicians, compare rates in naira and send booking requests without paying a kobo or creating an account.",
  },
  {
    icon: "verified",
    title: "Profiles You Can Check",
    description:
      "Each musician's page shows their photos, recordings, videos, performance history and rate in naira, so you know who you are booking.",
  },
  {
    icon: "escrow",
    title: "Secure Payment",
    description:
      "Your payment is held in escrow and released to the musician only after the performance is completed.",
  },
  {
    icon: "reviews",
    title: "Honest Reviews",
    description:
      "Read what other organisers say about a musician's punctuality, sound and stage presence before you book.",
  },
];

export const heroHighlights = ["Profiles you can check", "Secure escrow payment", "Real reviews"] as const;
