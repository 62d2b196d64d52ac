import { and, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { organisationScope } from '@/lib/auth/access';
import { bookings, paymentLinkGroups } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { ListResult, listPage } from '@/lib/http/list-result';
import { keywordParam, listParams } from '../shared/list-params';
import { containsInsensitive } from '../shared/sql-helpers';
import { loadGroup } from './get-group';
import type { GroupResource } from './serialize-group';

/** The list's parameters: the API's common list parameters, and a keyword on the booking reference or the leader's name. */
export const listGroupsSchema = listParams({ defaultTake: 10, maxTake: 25 }).extend({ keyword: keywordParam });

/**
 * An organisation's groups, newest first, each as GET of one group shows it (members, paid, totals). The API
 * lists groups only per booking (listBookingGroups); the back office's Groups page lists them all. A page holds
 * few groups (at most 25), each read as the API reads one. Like GET of one group, reading needs no particular role;
 * an organisation the actor cannot reach is the API's 403 (organisationScope).
 */
export async function listOrganisationGroups(
  db: Db,
  actor: Actor,
  input: z.output<typeof listGroupsSchema>,
): Promise<ListResult<GroupResource>> {
  const scope = organisationScope(actor, input.organisation, input['show-child-organisations']);
  const conditions: (SQL | undefined)[] = [inArray(paymentLinkGroups.organisationId, scope)];
  if (input.keyword)
    conditions.push(
      or(
        containsInsensitive(bookings.bookingReference, input.keyword),
        containsInsensitive(paymentLinkGroups.leadName, input.keyword),
      ),
    );
  const where = and(...conditions);
  const ids = await listPage(
    input,
    (limit, offset) =>
      db
        .select({ id: paymentLinkGroups.id })
        .from(paymentLinkGroups)
        .innerJoin(bookings, eq(bookings.id, paymentLinkGroups.bookingId))
        .where(where)
        .orderBy(desc(paymentLinkGroups.createdAt), desc(paymentLinkGroups.id))
        .limit(limit)
        .offset(offset),
    async () =>
      (
        await db
          .select({ n: count() })
          .from(paymentLinkGroups)
          .innerJoin(bookings, eq(bookings.id, paymentLinkGroups.bookingId))
          .where(where)
      )[0]!.n,
  );
  const groups = (await Promise.all(ids.items.map((row) => loadGroup(db, row.id)))).filter(
    (group): group is GroupResource => group !== null,
  );
  return new ListResult(groups, ids.hasMore, ids.total);
}
