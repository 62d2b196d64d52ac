import { NotFoundContent } from './not-found-content';

/**
 * What a page's notFound() shows (an unknown 3-D Secure or bank reference).
 * Unknown paths, and the sandbox pages in production, get the same texts as a
 * complete server-built document from app/[locale]/[...rest]/route.ts.
 */
export default function NotFound() {
  return <NotFoundContent />;
}
