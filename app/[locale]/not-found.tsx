import { NotFoundContent } from './not-found-content';

/** The 404 inside the locale layout (client-side navigations); the first load is app/not-found.tsx. */
export default function NotFound() {
  return <NotFoundContent />;
}
