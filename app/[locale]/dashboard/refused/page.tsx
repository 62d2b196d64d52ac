import { forbidden } from 'next/navigation';

/**
 * Where a back-office action refused without JavaScript lands (lib/http/dashboard-refusal.ts): forbidden(), so
 * the page is ../forbidden.tsx with status 403, as the same action answers a browser with JavaScript.
 */
export default function RefusedPage(): never {
  forbidden();
}
