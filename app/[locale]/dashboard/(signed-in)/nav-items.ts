import type { Role } from '@/lib/core/enums';

/**
 * The back office's sections, in the navigation's order: the path under /dashboard, the key of its
 * label in Dashboard.nav, and the roles of which the actor needs one to see it (none: every member of
 * staff). The navigation hides what a role cannot use; each page and action checks again on the server.
 */
export type NavItem = { key: string; path: string; anyOf?: readonly Role[] };

export const navItems: readonly NavItem[] = [
  { key: 'overview', path: '' },
  { key: 'bookings', path: '/bookings' },
  { key: 'links', path: '/links' },
  { key: 'groups', path: '/groups' },
  { key: 'transactions', path: '/transactions' },
  { key: 'refunds', path: '/refunds' },
  { key: 'scheduled', path: '/scheduled-payments' },
  { key: 'terminal', path: '/terminal', anyOf: ['booking-and-payment:create:payment'] },
  { key: 'creditNotes', path: '/credit-notes' },
  { key: 'customers', path: '/customers', anyOf: ['booking-and-payment:create:booking'] },
  { key: 'suppliers', path: '/suppliers', anyOf: ['suppliers:manage'] },
  { key: 'chargebacks', path: '/chargebacks', anyOf: ['chargebacks:view'] },
  { key: 'audit', path: '/audit', anyOf: ['organisation:audit'] },
  { key: 'developers', path: '/developers', anyOf: ['developers:manage:keys', 'developers:manage:webhooks'] },
  { key: 'settings', path: '/settings', anyOf: ['organisation:management'] },
  { key: 'users', path: '/users', anyOf: ['users:manage'] },
];
