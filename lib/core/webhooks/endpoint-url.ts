import { isSandbox } from '@/lib/config';
import { resolvedAddressProblem, urlProblem } from '@/lib/events/webhook-address';
import { AppError } from '@/lib/http/app-error';

/**
 * An endpoint URL as stored: absolute http(s), and in production https whose
 * host resolves only to public addresses (checked again at every delivery).
 */
export async function checkEndpointUrl(value: string): Promise<string> {
  const url = new URL(value);
  const problem = urlProblem(url) ?? (isSandbox() ? null : await resolvedAddressProblem(url));
  if (problem) throw new AppError('webhook.url_not_allowed', problem, [{ title: 'Endpoint address not allowed', type: 'validation_error', code: 'webhook.url_not_allowed', message: problem }]);
  return url.toString();
}
