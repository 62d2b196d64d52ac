import { eq } from 'drizzle-orm';
import { hashPrivateKey } from '@/lib/auth/key-material';
import { insertApiKey } from '@/lib/core/api-keys/api-keys';
import { roles } from '@/lib/core/enums';
import { createOrganisation, createUser } from '@/lib/core/organisations/provision';
import { apiKeys, bookingComponents, bookings, customers, serviceState, suppliers } from '@/lib/db/schema';
import type { Db, Tx } from '@/lib/db/types';
import { readSandboxCredentials, writeSandboxCredentials, type SandboxCredentials } from './credentials';
import { sandboxBookings } from './sandbox-bookings';

export const SANDBOX_PARENT_ORG = 'org_sandbox_travel';
export const SANDBOX_CHILD_ORG = 'org_sandbox_travel_north';
const FULL_KEY_NAME = 'Sandbox full access';
/** The sandbox's two users; the home page offers a one-click back-office sign-in as each (lib/core/staff/sandbox-sign-in.ts). */
export const SANDBOX_ADMIN_EMAIL = 'admin@sandbox.travel-pay.test';
export const SANDBOX_AGENT_EMAIL = 'agent@sandbox.travel-pay.test';

/**
 * Loads the sandbox data on first start: an organisation tree, a user with every
 * role, a limited user, their keys and a few bookings. Later starts change
 * nothing, except that SANDBOX_PUBLIC_KEY / SANDBOX_PRIVATE_KEY, when set, are
 * made to be the full-access key's pair.
 */
export async function ensureSandboxData(db: Db): Promise<SandboxCredentials | null> {
  const seeded = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(serviceState)
      .values({ key: 'sandbox_seeded', value: 'yes' })
      .onConflictDoNothing()
      .returning();
    return claimed ? seed(tx) : null;
  });
  if (seeded) {
    writeSandboxCredentials(seeded);
    return seeded;
  }
  await applyFixedKeys(db);
  return readSandboxCredentials();
}

async function seed(tx: Tx): Promise<SandboxCredentials> {
  const parent = await createOrganisation(tx, { id: SANDBOX_PARENT_ORG, name: 'Sandbox Travel Group', country: 'GB' });
  const child = await createOrganisation(tx, {
    id: SANDBOX_CHILD_ORG,
    name: 'Sandbox Travel North',
    parentId: parent.id,
    country: 'GB',
  });
  const admin = await createUser(tx, {
    email: SANDBOX_ADMIN_EMAIL,
    name: 'Sandbox Admin',
    roles,
    organisationIds: [parent.id],
  });
  const limitedRoles = ['booking-and-payment:create:booking', 'booking-and-payment:create:payment'] as const;
  const agent = await createUser(tx, {
    email: SANDBOX_AGENT_EMAIL,
    name: 'Sandbox Agent',
    roles: limitedRoles,
    organisationIds: [child.id],
  });
  const fullKey = await insertApiKey(tx, {
    userId: admin.id,
    organisationId: parent.id,
    name: FULL_KEY_NAME,
    roles,
    publicKey: process.env.SANDBOX_PUBLIC_KEY || undefined,
    privateKey: process.env.SANDBOX_PRIVATE_KEY || undefined,
  });
  const limitedKey = await insertApiKey(tx, {
    userId: agent.id,
    organisationId: child.id,
    name: 'Sandbox limited agent',
    roles: limitedRoles,
  });

  const [supplier] = await tx
    .insert(suppliers)
    .values({ organisationId: parent.id, supplierName: 'Sunwing Hotels' })
    .returning();
  for (const [index, sample] of sandboxBookings.entries()) {
    const organisationId = index < 4 ? parent.id : child.id;
    const userId = index < 4 ? admin.id : agent.id;
    const [customer] = await tx
      .insert(customers)
      .values({ organisationId, customerName: sample.customer_name, email: sample.email })
      .returning();
    const [booking] = await tx
      .insert(bookings)
      .values({
        organisationId,
        userId,
        customerId: customer!.id,
        bookingReference: sample.booking_reference,
        customerName: sample.customer_name,
        email: sample.email,
        currency: 'GBX',
        grossAmount: sample.gross_amount,
        departureDate: sample.departure_date,
        returnDate: sample.return_date,
        packageType: sample.package_type,
      })
      .returning();
    if (index === 0) {
      await tx.insert(bookingComponents).values({
        bookingId: booking!.id,
        supplierId: supplier!.id,
        amount: 90000,
        currency: 'GBX',
        bookingReference: 'SUN-5521',
        type: 'accommodation',
      });
    }
  }
  return {
    organisations: [
      { id: parent.id, name: parent.name, parent: null },
      { id: child.id, name: child.name, parent: parent.id },
    ],
    keys: [
      {
        label: 'Full access: every role, the parent organisation and its child',
        user_email: admin.email,
        organisation: parent.id,
        roles: 'all',
        public_key: fullKey.public_key,
        private_key: fullKey.private_key,
      },
      {
        label: 'Limited: creates bookings and payments in the child organisation only',
        user_email: agent.email,
        organisation: child.id,
        roles: limitedRoles.join(', '),
        public_key: limitedKey.public_key,
        private_key: limitedKey.private_key,
      },
    ],
  };
}

async function applyFixedKeys(db: Db): Promise<void> {
  const publicKey = process.env.SANDBOX_PUBLIC_KEY;
  const privateKey = process.env.SANDBOX_PRIVATE_KEY;
  if (!publicKey || !privateKey) return;
  await db
    .update(apiKeys)
    .set({ publicKey, privateKeyHash: hashPrivateKey(privateKey) })
    .where(eq(apiKeys.name, FULL_KEY_NAME));
  const stored = readSandboxCredentials();
  if (stored?.keys[0]) {
    stored.keys[0] = { ...stored.keys[0], public_key: publicKey, private_key: privateKey };
    writeSandboxCredentials(stored);
  }
}
