import { isSandbox } from '@/lib/config';
import type { Db } from '@/lib/db/types';
import { AdyenProcessor } from './adyen/adyen-processor';
import { adyenConfigFromEnv } from './adyen/adyen-config';
import type { Processor } from './port';
import { SandboxProcessor } from './sandbox/sandbox-processor';

export * from './port';

/**
 * The processor the service runs with: the sandbox in MODE=sandbox, Adyen in
 * MODE=production (lib/config.ts serviceMode). Both are plain objects that
 * are cheap to build, so each call builds one; the mode is read every time,
 * so a test may switch it with the environment.
 */
export function processorFor(db: Db): Processor {
  return isSandbox() ? new SandboxProcessor(db) : new AdyenProcessor(adyenConfigFromEnv());
}

export { AdyenProcessor, SandboxProcessor };
export { decideSandboxBankPayment, type BankDecision } from './sandbox/sandbox-open-banking';
export { sandboxPendingPayment, type SandboxPendingPayment } from './sandbox/sandbox-pending';
export { sandboxRedirectResult } from './sandbox/sandbox-references';
