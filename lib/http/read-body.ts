import { AppError } from './app-error';

const MAX_BODY_BYTES = 1024 * 1024;

/** The JSON body, `{}` when empty; malformed JSON and oversized bodies are 4xx, never a crash. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw new AppError('request.body_too_large', 'The request body is larger than 1 MB.');
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new AppError('request.body_too_large', 'The request body is larger than 1 MB.');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('request.malformed_json', 'The request body is not valid JSON.');
  }
}
