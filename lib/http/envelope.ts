import { STATUS_CODES } from 'node:http';
import { publicBaseUrl } from '@/lib/config';
import { errorCatalog, type ErrorCode } from './error-catalog';
import type { AppError, ErrorEntry } from './app-error';

/** The interface's response envelope: `data`, `errors`, `meta`. */
export type Envelope = {
  data: unknown;
  errors: ErrorEntry[];
  meta: { code: number; reason: string; message: string; request_id: string; count?: number; has_more?: boolean };
};

export type ListPage = { count: number; has_more: boolean };

export function successEnvelope(data: unknown, requestId: string, page?: ListPage): Envelope {
  return { data, errors: [], meta: { code: 200, reason: 'OK', message: 'OK', request_id: requestId, ...page } };
}

export function documentationUrl(code: string): string {
  return `${publicBaseUrl()}/docs/errors#${code}`;
}

export function errorEnvelope(error: AppError, requestId: string): Envelope {
  const catalog = errorCatalog[error.code as ErrorCode];
  const entries = error.entries?.length
    ? error.entries
    : [{ title: catalog.title, message: error.message, type: catalog.type, code: error.code }];
  return {
    data: {},
    errors: entries.map(({ title, message, type, code }) => ({
      title,
      message,
      type,
      code,
      documentation_url: documentationUrl(code),
    })),
    meta: {
      code: error.status,
      reason: STATUS_CODES[error.status] ?? 'Error',
      message: error.message,
      request_id: requestId,
    },
  };
}
