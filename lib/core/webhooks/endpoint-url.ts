import { resolvedAddressProblem, urlProblem } from '@/lib/events/webhook-address';
import { AppError } from '@/lib/http/app-error';

/**
 * An endpoint URL as stored: absolute http(s); its host (literal, or every address its name resolves to)
 * not link-local, metadata or denied in any mode, and in production https and public only (checked again
 * at every delivery, on the address connected to).
 */
export async function checkEndpointUrl(value: string): Promise<string> {
  const url = new URL(value);
  const problem = urlProblem(url) ?? (await resolvedAddressProblem(url));
  if (problem)
    throw new AppError('webhook.url_not_allowed', problem, [
      {
        title: 'Endpoint address not allowed',
        type: 'validation_error',
        code: 'webhook.url_not_allowed',
        message: problem,
      },
    ]);
  return url.toString();
}
