import { randomBytes } from 'node:crypto';
import { insertApiKey } from '@/lib/core/api-keys/api-keys';
import { roles as allRoles, type Role } from '@/lib/core/enums';
import { createOrganisation, createUser } from '@/lib/core/organisations/provision';
import { getDb } from '@/lib/db/client';
import { api } from './api-client';

/**
 * Organisations and users are provisioned by the operator (no public API makes
 * them); everything after that goes through the API, as a developer would.
 */
export type Caller = { token: string; userId: string; apiKeyId: string; publicKey: string; privateKey: string };
export type Tenant = {
  parentId: string;
  childId: string;
  admin: Caller;
  makeCaller: (opts: { roles: readonly Role[]; organisationId: string }) => Promise<Caller>;
};

export async function createTenant(name = 'Tenant'): Promise<Tenant> {
  const db = await getDb();
  const suffix = randomBytes(4).toString('hex');
  const parent = await createOrganisation(db, { id: `org_${name.toLowerCase()}_${suffix}`, name: `${name} Travel` });
  const child = await createOrganisation(db, {
    id: `org_${name.toLowerCase()}_${suffix}_child`,
    name: `${name} Travel Child`,
    parentId: parent.id,
  });
  const makeCaller = async ({
    roles,
    organisationId,
  }: {
    roles: readonly Role[];
    organisationId: string;
  }): Promise<Caller> => {
    const user = await createUser(db, {
      email: `${randomBytes(5).toString('hex')}@${suffix}.example.com`,
      name: 'Test user',
      roles,
      organisationIds: [organisationId],
    });
    const key = await insertApiKey(db, { userId: user.id, organisationId, name: 'test key', roles });
    const token = await tokenFor(key.public_key, key.private_key);
    return { token, userId: user.id, apiKeyId: key.id, publicKey: key.public_key, privateKey: key.private_key };
  };
  const admin = await makeCaller({ roles: allRoles, organisationId: parent.id });
  return { parentId: parent.id, childId: child.id, admin, makeCaller };
}

export async function tokenFor(publicKey: string, privateKey: string): Promise<string> {
  const response = await api.post('/token', { public_key: publicKey, private_key: privateKey });
  if (response.status !== 200) throw new Error(`token failed: ${response.text}`);
  return response.body.data.token;
}

let sequence = 0;
/** A booking made through PUT /agent/bookings; returns its id. */
export async function createBookingVia(
  token: string,
  organisation: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  sequence += 1;
  const response = await api.put(
    '/agent/bookings',
    {
      organisation,
      booking_reference: `REF-${Date.now().toString(36)}-${sequence}`,
      customer_name: 'Jane Traveller',
      email: 'jane@example.com',
      ...overrides,
    },
    { token },
  );
  if (response.status !== 200) throw new Error(`create booking failed: ${response.text}`);
  return response.body.data.id;
}
