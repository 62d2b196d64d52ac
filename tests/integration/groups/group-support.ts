import { api } from '../support/api-client';

/** A due date `days` from today as a calendar date (YYYY-MM-DD), in the future whatever the hour. */
export function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** PUT /agent/payment-link-groups with sensible defaults; returns the raw response. */
export function createGroupVia(token: string, organisation: string, overrides: Record<string, unknown> = {}) {
  return api.put(
    '/agent/payment-link-groups',
    {
      organisation,
      lead_name: 'Lena Leader',
      lead_email: 'lena@example.com',
      booking_reference: `GRP-${Math.random().toString(36).slice(2, 10)}`,
      members: [
        { customer_name: 'Ann', amount: 30000, email: 'ann@example.com' },
        { customer_name: 'Ben', amount: 30000, email: 'ben@example.com' },
      ],
      installments: [
        { amount: 10000, due_at: inDays(10) },
        { amount: 20000, due_at: inDays(40) },
      ],
      ...overrides,
    },
    { token },
  );
}

/** Like createGroupVia, but fails the test unless the group was created; returns `data`. */
export async function groupVia(token: string, organisation: string, overrides: Record<string, unknown> = {}) {
  const response = await createGroupVia(token, organisation, overrides);
  if (response.status !== 200) throw new Error(`create group failed: ${response.text}`);
  return response.body.data;
}

export const getGroupVia = (token: string, id: string) => api.get(`/agent/payment-link-groups/${id}`, { token });

export const errorCode = (response: { status: number; body: { errors?: { code: string }[] } }) => [
  response.status,
  response.body.errors?.[0]?.code,
];
