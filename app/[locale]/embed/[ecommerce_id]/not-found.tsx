import { EmbedNotFound } from './embed-checkout';

/** An unknown or deleted session (page.tsx's notFound()): the frame's own words and message, status 404. */
export default function EmbedSessionNotFound() {
  return <EmbedNotFound />;
}
