import { AppError } from './app-error';

export const MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = () => new AppError('request.body_too_large', 'The request body is larger than 1 MB.');
const malformed = () => new AppError('request.malformed_json', 'The request body is not valid JSON.');

/** The JSON body, `{}` when empty; malformed JSON and oversized bodies are 4xx, never a crash. */
export async function readJsonBody(request: Request): Promise<unknown> {
  // A declared size over the limit is refused unread; an undeclared or understated one is caught while reading.
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  const text = await readLimitedText(request, MAX_BODY_BYTES);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw malformed();
  }
}

/**
 * Reads the body with a running count and stops the stream as soon as it passes
 * `limit` bytes, so a client streaming without end costs at most that much memory.
 */
async function readLimitedText(request: Request, limit: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw malformed();
  }
}
