import { and, count, eq, gt, sql } from 'drizzle-orm';
import { now } from '@/lib/clock';
import { publicBaseUrl } from '@/lib/config';
import { organisations, staffSignInLinks, users } from '@/lib/db/schema';
import type { Db, Tx } from '@/lib/db/types';
import { enqueueEmail } from '@/lib/email/enqueue-email';
import { emailBrand } from '@/lib/email/templates/email-brand';
import { emailText } from '@/lib/email/templates/email-text';
import { staffSignInEmail } from '@/lib/email/templates/staff-sign-in-email';
import { signInLinkPath } from './dashboard-paths';
import { newSignInToken, signInTokenHash } from './sign-in-token';
import { firstOrganisation } from './staff-sessions';
import { SIGN_IN_LINKS_PER_WINDOW, SIGN_IN_LINK_MS, earlier, later } from './staff-times';

/**
 * Queues a sign-in link to `email` if it is a user's who belongs to an organisation, at most
 * SIGN_IN_LINKS_PER_WINDOW per address in SIGN_IN_LINK_MS. The caller answers the same whatever
 * happened ("check your email"): whether an address is a user's is never told (no enumeration).
 */
export async function requestSignInLink(db: Db, input: { email: string; locale: string }): Promise<void> {
  await db.transaction(async (tx) => {
    // The user's row, locked: two requests for one address count each other's links (the limit holds).
    const [user] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(sql`lower(${users.email}) = ${input.email.trim().toLowerCase()}`)
      .for('update');
    if (!user) return;
    const at = now();
    const [recent] = await tx
      .select({ n: count() })
      .from(staffSignInLinks)
      .where(and(eq(staffSignInLinks.userId, user.id), gt(staffSignInLinks.createdAt, earlier(at, SIGN_IN_LINK_MS))));
    if (recent!.n >= SIGN_IN_LINKS_PER_WINDOW) return;
    await sendSignInLink(tx, { userId: user.id, userName: user.name, locale: input.locale, invited: false });
  });
}

/** Creates a link for the user and queues its email (in `tx`, with whatever caused it: a request, an invitation). */
export async function sendSignInLink(
  tx: Tx,
  input: { userId: string; userName: string; locale: string; invited: boolean; organisationId?: string },
): Promise<boolean> {
  const organisationId = input.organisationId ?? (await firstOrganisation(tx, input.userId));
  if (!organisationId) return false;
  const [organisation] = await tx
    .select({ name: organisations.name, settings: organisations.settings, image: organisations.image })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
  const at = now();
  const token = newSignInToken();
  const expiresAt = later(at, SIGN_IN_LINK_MS);
  await tx
    .insert(staffSignInLinks)
    .values({ tokenHash: signInTokenHash(token), userId: input.userId, createdAt: at, expiresAt });
  const text = emailText(input.locale);
  const url = new URL(signInLinkPath(text.locale, token), publicBaseUrl()).href;
  await enqueueEmail(tx, {
    organisationId,
    kind: 'staff_sign_in',
    to: user!.email,
    ...(await staffSignInEmail(emailBrand(organisation!.name, organisation!.settings, organisation!.image), text, {
      userName: input.userName,
      url,
      expiresAt,
      invited: input.invited,
    })),
  });
  return true;
}
