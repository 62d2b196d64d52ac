/*
 * The audit types the trail words in full (DashboardRecords.audit.types.*); any other shows as
 * "{who}: {type}" with its code, so a type added later still reads, only less kindly.
 */
export const wordedAuditTypes = new Set([
  'staff:sign-in-refused',
  'staff:sign-out',
  'staff:sign-out-everywhere',
  'staff:passkey-register',
  'staff:passkey-remove',
  'user:invite',
  'user:update-roles',
  'user:remove',
  'customer:create',
  'supplier:create',
  'booking:create',
  'booking:update',
  'booking:delete',
  'transaction:payment',
  'transaction:refund',
  'refund:authorise',
  'refund:decline',
  'payment-link:create',
  'organisation:update-settings',
  'api-key:create',
  'api-key:revoke',
]);

/** The sign-in methods the trail words (staff_sessions.method). */
export const signInMethods = new Set(['link', 'passkey', 'sandbox', 'link-enrol']);

/** The message key of an audit type: `customer:create` → `customer_create`. */
export const typeKey = (type: string) => type.replace(/[^a-z]+/g, '_');
