import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consumeSignInLink } from '@/lib/core/staff/consume-sign-in-link';
import { requestSignInLink } from '@/lib/core/staff/request-sign-in-link';
import { staffSessions } from '@/lib/db/schema';
import { createTenant } from '../support/fixtures';
import { withRaceDatabases } from '../support/races';
import { latestSignInToken, staffUser } from '../support/staff';

/*
 * A sign-in link is single use under concurrency: two instances (two pools on PostgreSQL) post the same
 * token at once, and the conditional UPDATE (used_at IS NULL AND expires_at > now) gives one session.
 */
const dbs = withRaceDatabases();

describe('a sign-in link used twice at once', () => {
  it('gives exactly one session', async () => {
    const db = dbs.primary().db;
    const tenant = await createTenant('LinkRace');
    const user = await staffUser(db, [], [tenant.parentId]);
    for (let round = 0; round < 5; round++) {
      await requestSignInLink(db, { email: user.email, locale: 'en-GB' });
      const token = (await latestSignInToken(db, user.email))!;
      const outcomes = await Promise.all([
        consumeSignInLink(dbs.primary().db, token),
        consumeSignInLink(dbs.secondary().db, token),
      ]);
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, reason: 'used' }]);
    }
    expect(await db.select().from(staffSessions).where(eq(staffSessions.userId, user.id))).toHaveLength(5);
  });
});
