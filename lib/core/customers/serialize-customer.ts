import type { customers } from '@/lib/db/schema';

export function serializeCustomer(c: typeof customers.$inferSelect) {
  return {
    id: c.id,
    customer_name: c.customerName,
    email: c.email,
    address_1: c.address1,
    address_2: c.address2,
    city: c.city,
    county: c.county,
    country: c.country,
    post_code: c.postCode,
    organisation: c.organisationId,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}
