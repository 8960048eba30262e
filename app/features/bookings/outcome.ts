/** What a business rule answers: success with data, or a status and a message the user can read. */
export type Outcome<T = object> = ({ ok: true } & T) | { ok: false; status: number; message: string };

export const BOOKING_NOT_FOUND = "Booking not found";
export const TOO_MANY_REQUESTS = "Too many requests. Please wait a minute and try again.";
