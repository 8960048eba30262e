// Spec §2/§3: the organiser's My Bookings and Messages are built from hard-coded sample data until
// organiser accounts exist. Amounts are kobo, like everywhere else.

export type ClientBookingStatus = "draft" | "pending" | "confirmed" | "completed" | "declined";

export interface ClientBooking {
  id: string;
  musician: { id: string; name: string; slug: string; role: string };
  event: string;
  date: string;
  time: string;
  durationHours: number;
  location: string;
  amountKobo: number;
  status: ClientBookingStatus | string;
  lastMessage: string;
  lastMessageTime: string;
}

export interface Conversation {
  id: string;
  recipient: { name: string; role: string };
  lastMessage: string;
  lastMessageTime: string;
  unread: number;
  bookingId: string | null;
}

export interface Message {
  id: string;
  senderId: string;
  senderName: string;
  content: string;
  timestamp: string;
}

export const CLIENT_ID = "client-1";

export const SAMPLE_BOOKINGS: ClientBooking[] = [
  {
    id: "bk-1001",
    musician: { id: "m-1", name: "Tunde Sax", slug: "tunde-sax", role: "Saxophonist" },
    event: "Wedding Reception",
    date: "2026-12-12",
    time: "16:00",
    durationHours: 4,
    location: "Eko Hotel, Victoria Island, Lagos",
    amountKobo: 45_000_000,
    status: "confirmed",
    lastMessage: "Looking forward to playing at your reception!",
    lastMessageTime: "2 hours ago",
  },
  {
    id: "bk-1002",
    musician: { id: "m-2", name: "Chioma Keys", slug: "chioma-keys", role: "Keyboardist" },
    event: "Corporate Dinner",
    date: "2026-11-28",
    time: "19:00",
    durationHours: 3,
    location: "Transcorp Hilton, Abuja",
    amountKobo: 30_000_000,
    status: "pending",
    lastMessage: "Could you share the set list you have in mind?",
    lastMessageTime: "Yesterday",
  },
  {
    id: "bk-1003",
    musician: { id: "m-3", name: "Kunle Ayo Band", slug: "kunle-ayo-band", role: "Jùjú band" },
    event: "50th Birthday Party",
    date: "2026-10-03",
    time: "14:00",
    durationHours: 5,
    location: "Ikoyi Club, Lagos",
    amountKobo: 80_000_000,
    status: "completed",
    lastMessage: "Thank you for having us. It was a wonderful party!",
    lastMessageTime: "3 weeks ago",
  },
  {
    id: "bk-1004",
    musician: { id: "m-4", name: "DJ Halima", slug: "dj-halima", role: "DJ" },
    event: "Cocktail Evening",
    date: "2027-01-17",
    time: "18:00",
    durationHours: 4,
    location: "Harbour Point, Lagos",
    amountKobo: 25_000_000,
    status: "draft",
    lastMessage: "Draft saved. Finish your request to send it.",
    lastMessageTime: "4 days ago",
  },
  {
    id: "bk-1005",
    musician: { id: "m-5", name: "Emeka Strings", slug: "emeka-strings", role: "Violinist" },
    event: "Award Night",
    date: "2026-11-07",
    time: "20:00",
    durationHours: 2,
    location: "Civic Centre, Lagos",
    amountKobo: 20_000_000,
    status: "declined",
    lastMessage: "Sorry, I am already booked on that date.",
    lastMessageTime: "1 week ago",
  },
];

export const SAMPLE_CONVERSATIONS: Conversation[] = [
  {
    id: "c-1",
    recipient: { name: "Tunde Sax", role: "Saxophonist" },
    lastMessage: "Looking forward to playing at your reception!",
    lastMessageTime: "2 hours ago",
    unread: 2,
    bookingId: "bk-1001",
  },
  {
    id: "c-2",
    recipient: { name: "Chioma Keys", role: "Keyboardist" },
    lastMessage: "Could you share the set list you have in mind?",
    lastMessageTime: "Yesterday",
    unread: 0,
    bookingId: "bk-1002",
  },
  {
    id: "c-3",
    recipient: { name: "Kunle Ayo Band", role: "Jùjú band" },
    lastMessage: "Thank you for having us. It was a wonderful party!",
    lastMessageTime: "3 weeks ago",
    unread: 0,
    bookingId: "bk-1003",
  },
  {
    id: "c-4",
    recipient: { name: "Aisha Vocals", role: "Vocalist" },
    lastMessage: "Yes, I perform gospel and highlife. When is the event?",
    lastMessageTime: "5 days ago",
    unread: 1,
    bookingId: null,
  },
];

export const SAMPLE_MESSAGES: Record<string, Message[]> = {
  "c-1": [
    {
      id: "1",
      senderId: CLIENT_ID,
      senderName: "You",
      content: "Hi Tunde, we confirmed the booking for 12 December.",
      timestamp: "10:02",
    },
    {
      id: "2",
      senderId: "m-1",
      senderName: "Tunde Sax",
      content: "Wonderful! Do you have a first-dance song in mind?",
      timestamp: "10:15",
    },
    {
      id: "3",
      senderId: CLIENT_ID,
      senderName: "You",
      content: "Yes, 'Ife' by Adekunle Gold.",
      timestamp: "10:20",
    },
    {
      id: "4",
      senderId: "m-1",
      senderName: "Tunde Sax",
      content: "Looking forward to playing at your reception!",
      timestamp: "10:31",
    },
  ],
  "c-2": [
    {
      id: "1",
      senderId: CLIENT_ID,
      senderName: "You",
      content: "Hello Chioma, are you free on 28 November?",
      timestamp: "Yesterday",
    },
    {
      id: "2",
      senderId: "m-2",
      senderName: "Chioma Keys",
      content: "Could you share the set list you have in mind?",
      timestamp: "Yesterday",
    },
  ],
  "c-3": [
    {
      id: "1",
      senderId: "m-3",
      senderName: "Kunle Ayo Band",
      content: "Thank you for having us. It was a wonderful party!",
      timestamp: "3 weeks ago",
    },
  ],
  "c-4": [
    {
      id: "1",
      senderId: CLIENT_ID,
      senderName: "You",
      content: "Do you sing gospel music?",
      timestamp: "5 days ago",
    },
    {
      id: "2",
      senderId: "m-6",
      senderName: "Aisha Vocals",
      content: "Yes, I perform gospel and highlife. When is the event?",
      timestamp: "5 days ago",
    },
  ],
};

export const BOOKING_TABS = [
  { value: "all", label: "All", empty: "No bookings yet" },
  { value: "draft", label: "Draft", empty: "No draft bookings" },
  { value: "pending", label: "Pending", empty: "No pending bookings" },
  { value: "confirmed", label: "Confirmed", empty: "No confirmed bookings" },
  { value: "completed", label: "Completed", empty: "No completed bookings" },
] as const;

export function bookingsForTab(bookings: ClientBooking[], tab: string): ClientBooking[] {
  return tab === "all" ? bookings : bookings.filter((b) => b.status === tab);
}

/** Spec §4: known statuses display by name, anything else as Unknown. */
export function statusLabel(status: string): string {
  const known = ["draft", "pending", "confirmed", "completed", "cancelled", "declined"];
  return known.includes(status) ? status[0].toUpperCase() + status.slice(1) : "Unknown";
}

export function searchConversations(conversations: Conversation[], q: string): Conversation[] {
  const term = q.trim().toLowerCase();
  if (!term) return conversations;
  return conversations.filter(
    (c) => c.recipient.name.toLowerCase().includes(term) || c.lastMessage.toLowerCase().includes(term),
  );
}
