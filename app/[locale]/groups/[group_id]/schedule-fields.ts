import { z } from 'zod';

/** The schedule form's rows: the interface's maximum of 12 instalments. */
export const MAX_SCHEDULE_ROWS = 12;

/** An amount typed in major units (`250`, `250.5`, `250,50`) as minor units. */
export const majorUnits = z
  .string()
  .trim()
  .regex(/^\d{1,7}(?:[.,]\d{1,2})?$/)
  .transform((text) => {
    const [whole, fraction = ''] = text.split(/[.,]/);
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  })
  .pipe(z.int().min(1));

/** Minor units as the form shows them: `25000` is `250.00`. */
export const minorToInput = (amount: number) => `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The schedule form: rows with both fields empty are dropped; a row with one
 * of them is invalid. The rules across rows (ascending dates, sums, what is
 * already paid) are the core's.
 */
export const scheduleForm = z.looseObject({}).transform((values, context) => {
  const instalments: { amount: number; due_at: string }[] = [];
  for (let index = 1; index <= MAX_SCHEDULE_ROWS; index++) {
    const due = text(values[`due_${index}`]);
    const amount = text(values[`amount_${index}`]);
    if (!due && !amount) continue;
    const parsedDue = date.safeParse(due);
    const parsedAmount = majorUnits.safeParse(amount);
    if (!parsedDue.success || !parsedAmount.success) {
      context.addIssue({ code: 'custom', message: `instalment ${index} needs a date and an amount` });
      return z.NEVER;
    }
    instalments.push({ amount: parsedAmount.data, due_at: parsedDue.data });
  }
  return { instalments };
});
