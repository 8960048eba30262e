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
      "Meet backing vocalists, drummers, horn players and DJs to fill out your line-up for bigger events.",
  },
  {
    icon: "analytics",
    title: "Know your numbers",
    description:
      "See your bookings, pending requests and upcoming events at a glance, and plan your calendar with confidence.",
  },
];

export interface SuccessStory {
  quote: string;
  name: string;
  role: string;
  city: string;
}

export const successStories: SuccessStory[] = [
  {
    quote:
      "I used to spend half my week chasing deposits on WhatsApp. Now couples book my band through my Stagebook page, the payment sits in escrow, and we get paid as soon as the wedding is done.",
    name: "Tunde",
    role: "Wedding band leader",
    city: "Lagos",
  },
  {
    quote:
      "Thanksgiving services and church anniversaries find me through my profile now, not only by word of mouth. My recordings and reviews do the convincing before the first phone call.",
    name: "Ngozi",
    role: "Gospel singer",
    city: "Abuja",
  },
  {
    quote:
      "I set my own rates and my own cancellation policy, and organisers see them before they ask. I met the trumpeter who now plays every corporate gig with me right here.",
    name: "Ibinabo",
    role: "Highlife guitarist",
    city: "Port Harcourt",
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
