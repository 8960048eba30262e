import { z } from "zod";

export const ADMIN_TABS = [
  { value: "overview", label: "Overview" },
  { value: "users", label: "Users" },
  { value: "bookings", label: "Bookings" },
  { value: "reports", label: "Reports" },
  { value: "payments", label: "Payments" },
  { value: "reviews", label: "Reported reviews" },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]["value"];

export const ADMIN_PAGE_SIZE = 20;
/** Deep offsets get slow on a million rows; nobody pages that far by hand. */
export const ADMIN_MAX_PAGE = 500;

export const adminQuerySchema = z.object({
  tab: z
    .enum(["overview", "users", "bookings", "reports", "payments", "reviews"])
    .catch("overview")
    .default("overview"),
  page: z.coerce.number().int().min(1).max(ADMIN_MAX_PAGE).catch(1).default(1),
});
