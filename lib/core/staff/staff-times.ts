/*
 * The back office's clocks (product.md section 11). Every comparison uses lib/clock.ts's now(),
 * passed into SQL as a value (never the database's now()), so the sandbox test clock moves them all.
 */

/** A sign-in link works once, for 15 minutes. */
export const SIGN_IN_LINK_MS = 15 * 60 * 1000;
/** At most this many links per address in SIGN_IN_LINK_MS: a flood of requests mails nobody a flood. */
export const SIGN_IN_LINKS_PER_WINDOW = 5;
/** A session unused for 30 minutes is over. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** A session is marked seen at most this often (load-staff-actor.ts): reads stay reads. */
export const SESSION_SEEN_GRANULARITY_MS = 60 * 1000;
/** And however busy, 12 hours after it began. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;

export const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
export const earlier = (from: Date, ms: number) => new Date(from.getTime() - ms);
