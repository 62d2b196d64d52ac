import { publicBaseUrl } from '@/lib/config';
import type { Db } from '@/lib/db/types';
import { ProcessorError, type OpenBankingStart, type OpenBankingStatus, type Processor } from '../port';
import { findByKey, once, parseOutcome, recordOnce, rowsForReference } from './sandbox-ledger';
import { bankDecisionKey, newProviderReference } from './sandbox-references';
import { sendSandboxNotifications } from './sandbox-notify';
import { assertAmount, assertCurrency } from './sandbox-validation';

type StartInput = Parameters<Processor['startOpenBanking']>[0];
type Started = { status: 'pending'; redirectUrl: string; returnUrl: string };

export async function sandboxStartOpenBanking(
  db: Db,
  input: StartInput,
): Promise<OpenBankingStart & { providerReference: string }> {
  assertAmount(input.amount);
  assertCurrency(input.currency);
  return once(
    db,
    input.idempotencyKey,
    { kind: 'open_banking' },
    () => {
      const providerReference = newProviderReference();
      const started: Started = {
        status: 'pending',
        redirectUrl: `${publicBaseUrl()}/sandbox/bank/${providerReference}`,
        returnUrl: input.returnUrl,
      };
      return {
        kind: 'open_banking',
        providerReference,
        amount: input.amount,
        currency: input.currency,
        outcome: JSON.stringify(started),
      };
    },
    (row) => ({
      status: 'redirect' as const,
      providerReference: row.providerReference,
      redirectUrl: parseOutcome<Started>(row).redirectUrl,
    }),
  );
}

export async function sandboxFinishOpenBanking(
  db: Db,
  input: { providerReference: string },
): Promise<{ status: OpenBankingStatus }> {
  await startedPayment(db, input.providerReference);
  const decision = await findByKey(db, bankDecisionKey(input.providerReference));
  return { status: decision ? parseOutcome<{ status: OpenBankingStatus }>(decision).status : 'pending' };
}

export type BankDecision = 'approve' | 'decline' | 'abandon';
const statusOf: Record<BankDecision, OpenBankingStatus> = {
  approve: 'authorised',
  decline: 'declined',
  abandon: 'abandoned',
};

/**
 * Sandbox only: what the customer did on the sandbox bank page. The first
 * decision is final; a second one (another click, another tab) is refused and
 * answered with the decision that stands. `returnUrl` is where the bank page
 * sends the customer back to.
 */
export async function decideSandboxBankPayment(
  db: Db,
  providerReference: string,
  decision: BankDecision,
): Promise<{ accepted: boolean; status: OpenBankingStatus; returnUrl: string }> {
  const started = await startedPayment(db, providerReference);
  const status = statusOf[decision];
  if (!status) throw new ProcessorError(`unknown bank decision ${String(decision)}`);
  const { row, created } = await recordOnce(db, bankDecisionKey(providerReference), {
    kind: 'bank_decision',
    providerReference,
    amount: started.amount,
    currency: started.currency,
    outcome: JSON.stringify({ status }),
  });
  // The bank's answer is also notified, as Adyen notifies a Pay by Bank payment's AUTHORISATION.
  if (created && status !== 'abandoned') {
    await sendSandboxNotifications(db, [
      {
        eventCode: 'AUTHORISATION',
        success: status === 'authorised',
        pspReference: providerReference,
        merchantReference: started.idempotencyKey,
        amount: started.amount,
        currency: started.currency,
        ...(status === 'declined' ? { reason: 'declined_by_bank' } : {}),
      },
    ]);
  }
  return {
    accepted: created,
    status: parseOutcome<{ status: OpenBankingStatus }>(row).status,
    returnUrl: parseOutcome<Started>(started).returnUrl,
  };
}

async function startedPayment(db: Db, providerReference: string) {
  const started = (await rowsForReference(db, providerReference)).find((row) => row.kind === 'open_banking');
  if (!started) throw new ProcessorError(`unknown open banking payment ${providerReference}`);
  return started;
}
