import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

// Server side only: next-intl's Link and usePathname need its client provider, which no page loads (link.tsx).
export const { redirect, getPathname } = createNavigation(routing);
export { Link } from './link';
