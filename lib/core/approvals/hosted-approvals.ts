import { getDb } from '@/lib/db/client';
import { AppError } from '@/lib/http/app-error';
import { isUuid } from '../shared/is-uuid';
import { decideApproval, getApproval } from './decide-approval';

/*
 * The approval page's entry to the core (app/[locale]/approvals/): it opens the
 * process's database here, so the page and its actions never import lib/db.
 * The approval id is the customer's capability; there is no caller to authorise.
 */

export type HostedApproval = Awaited<ReturnType<typeof getApproval>>;

/** The approval and its payments, or null for an id that is not a uuid or not ours (a 404). */
export async function hostedApproval(id: string): Promise<HostedApproval | null> {
  if (!isUuid(id)) return null;
  try {
    return await getApproval(await getDb(), id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'resource.not_found') return null;
    throw error;
  }
}

/**
 * Approves or declines once. A second answer (another tab, a replayed action)
 * changes nothing: decideApproval's guard is in SQL, and the page then shows
 * the first decision. When the payments awaiting approval changed since the
 * link was sent, nothing is decided ('changed') and the page says a new link is needed.
 */
export async function hostedDecideApproval(
  id: string,
  decision: 'approve' | 'decline',
): Promise<'decided' | 'already_decided' | 'expired' | 'changed' | 'not_found'> {
  if (!isUuid(id)) return 'not_found';
  try {
    await decideApproval(await getDb(), id, decision);
    return 'decided';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'approval.already_decided') return 'already_decided';
    if (error.code === 'approval.expired') return 'expired';
    if (error.code === 'approval.changed') return 'changed';
    if (error.code === 'resource.not_found') return 'not_found';
    throw error;
  }
}
