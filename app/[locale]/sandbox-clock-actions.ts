'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { isSandbox } from '@/lib/config';
import { getPathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { moveClockForward, resetTestClock } from '@/lib/sandbox/clock-control';
import { MAX_CLOCK_OFFSET_SECONDS } from '@/lib/sandbox/test-clock';

const unitSeconds = { minutes: 60, hours: 3600, days: 86_400 } as const;
const clockInput = z.object({
  locale: z.string().min(2).max(10),
  move: z.enum(['1h', '1d', '7d', 'custom', 'reset']),
  amount: z.coerce.number().int().min(1).max(MAX_CLOCK_OFFSET_SECONDS).optional(),
  unit: z.enum(['minutes', 'hours', 'days']).optional(),
});
const presets = { '1h': 3600, '1d': 86_400, '7d': 7 * 86_400 } as const;
const field = (form: FormData, name: string) =>
  typeof form.get(name) === 'string' && form.get(name) !== '' ? (form.get(name) as string) : undefined;

/**
 * The home page's test clock buttons: move forward (1 hour, 1 day, 7 days or
 * a custom duration) or reset, then a 303 back to the home page with what
 * happened. Sandbox only: in production it changes nothing (and the page never shows it).
 */
export async function testClockAction(form: FormData): Promise<void> {
  if (!isSandbox()) redirect('/');
  const parsed = clockInput.safeParse({
    locale: field(form, 'locale'),
    move: field(form, 'move'),
    amount: field(form, 'amount'),
    unit: field(form, 'unit'),
  });
  const locale = (parsed.success ? parsed.data.locale : 'en-GB') as Locale;
  let status: 'moved' | 'reset' | 'too_far' | 'invalid' = 'invalid';
  if (parsed.success) {
    const { move, amount, unit } = parsed.data;
    if (move === 'reset') {
      await resetTestClock();
      status = 'reset';
    } else if (move === 'custom') {
      if (amount !== undefined && unit) status = await moveClockForward(amount * unitSeconds[unit]);
    } else {
      status = await moveClockForward(presets[move]);
    }
  }
  redirect(`${getPathname({ href: '/', locale })}?clock=${status}#test-clock`);
}
