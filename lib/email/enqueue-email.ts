import { emailOutbox } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';

export type EmailMessage = {
  organisationId?: string | null;
  /** What the email is about (e.g. `payment-link`, `sandbox-test`); shown in the sandbox mailbox. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
};

/** The outbox row of a message (both ways of queueing one write the same columns). */
const outboxRow = (message: EmailMessage) => ({
  organisationId: message.organisationId ?? null,
  kind: message.kind,
  toAddress: message.to,
  subject: message.subject,
  textBody: message.text,
  htmlBody: message.html ?? null,
});

/**
 * Queues an email in the outbox; deliverOutbox sends it later.
 *
 * Call it with the SAME transaction as the change that causes the email (pass
 * the `tx` of `db.transaction`): the email then exists if and only if the change
 * committed, so a rolled-back change never sends mail and a committed one never
 * loses its email, even if the process dies right after the commit.
 */
export async function enqueueEmail(tx: Executor, message: EmailMessage): Promise<{ id: string }> {
  const [row] = await tx.insert(emailOutbox).values(outboxRow(message)).returning({ id: emailOutbox.id });
  return { id: row!.id };
}

/**
 * As enqueueEmail, at most once per `dedupeKey` ever (a payment's receipt: `receipt:<transaction id>`): the
 * unique index on email_outbox.dedupe_key turns the second insert into nothing, however two writers race (a
 * notification and the return page settling one payment). Answers whether this call queued it.
 */
export async function enqueueEmailOnce(tx: Executor, dedupeKey: string, message: EmailMessage): Promise<boolean> {
  const rows = await tx
    .insert(emailOutbox)
    .values({ ...outboxRow(message), dedupeKey })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}
