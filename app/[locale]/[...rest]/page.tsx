import { notFound } from 'next/navigation';

/** Any page path nothing else serves: the friendly 404 of this locale. */
export default function CatchAll() {
  notFound();
}
