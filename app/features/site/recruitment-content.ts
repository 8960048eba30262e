export type MusicianBenefitIcon =
  | "visibility"
  | "payments"
  | "booking"
  | "reputation"
  | "collaborators"
  | "analytics";

export interface MusicianBenefit {
  icon: MusicianBenefitIcon;
  title: string;
  description: string;
}

/** Spec §1: visibility, secure payments, streamlined booking, reputation, finding collaborators, analytics. */
export const musicianBenefits: MusicianBenefit[] = [
  {
    icon: "visibility",
    title: "Get discovered",
    description:
      "Your own public profile website shows organisers across Nigeria your bio, genres, rates, photos, audio and videos.",
  },
  {
    icon: "payments",
    title: "Secure payments",
    description:
      "Organisers pay into escrow before the event, so the money is there when you arrive and released when the job is done.",
  },
  {
    icon: "booking",
    title: "Streamlined booking",
    description:
      "Receive booking requests, create bookings for your clients and share a link they can confirm, all in one dashboard.",
  },
  {
    icon: "reputation",
    title: "Build your reputation",
    description:
      "Your performance history and organisers' reviews follow you from gig to gig and win you the next one.",
  },
  {
    icon: "collaborators",
    title: "Find collaborators",
    description:
      "Search the market for backing vocalists, drummers, horn players and DJs to fill out your line-up for bigger events.",
  },
  {
    icon: "analytics",
    title: "Know your numbers",
    description:
      "See your bookings, pending requests and upcoming events at a glance, and plan your calendar with confidence.",
  },
];

export interface HowItWorksStep {
  title: string;
  description: string;
}

/** What a musician really does on Stagebook, in order: no invented testimonials. */
export const howItWorks: HowItWorksStep[] = [
  {
    title: "Sign up",
    description:
      "Your website address is made from your name the moment you register, e.g. stagebook.ng/musicians/tunde-bakare.",
  },
  {
    title: "Fill in your page",
    description:
      "Add a photo, your bio and hourly rate, recordings or videos, and the days you are available. A checklist on your dashboard shows what is left.",
  },
  {
    title: "Share your link",
    description:
      "Post it on WhatsApp or Instagram. Organisers send booking requests from it; you answer from your dashboard and send each client a booking to confirm.",
  },
];

export type SceneId = "wedding" | "gospel" | "highlife" | "gala";

export interface CarouselSlide {
  scene: SceneId;
  title: string;
  caption: string;
}

export const recruitmentSlides: CarouselSlide[] = [
  {
    scene: "wedding",
    title: "Wedding receptions",
    caption: "Live bands keep the dance floor full from the couple's entrance to the last song.",
  },
  {
    scene: "gospel",
    title: "Praise and thanksgiving",
    caption: "Gospel singers and choirs lead worship at services, anniversaries and dedications.",
  },
  {
    scene: "highlife",
    title: "Highlife evenings",
    caption: "Guitar-led highlife sets bring warmth to lounges, birthdays and family celebrations.",
  },
  {
    scene: "gala",
    title: "Corporate galas and awards",
    caption: "Saxophonists, string quartets and DJs set the tone for dinners and award nights.",
  },
];
