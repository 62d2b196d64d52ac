import { z } from 'zod';
import { cardEntryErrors, parseExpiry, type CardEntryError } from '@/lib/payments/card-entry';
import type { PaymentMethodInput } from '@/lib/payments/processor';
import { adyenFieldNames } from './card-method-names';

/*
 * The card a pay form posted, read on the server (never imported by the browser).
 * Sandbox: the project's own fields (number, expiry, CVC, name), checked again here.
 * Production: adyen-web's encrypted fields only; a raw number, expiry or CVC is
 * refused before anything else, so none is ever forwarded or stored.
 */
export type PostedCard =
  | { ok: true; method: PaymentMethodInput }
  | { ok: false; fieldErrors: CardEntryError[] }
  | { ok: false; refused: 'raw_card_in_production' | 'card_incomplete' };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

const plain = z.object({
  number: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(4),
  name: z.string().max(100),
});

const encrypted = z.object({
  encryptedCardNumber: z.string().min(1).max(5000),
  encryptedExpiryMonth: z.string().min(1).max(5000),
  encryptedExpiryYear: z.string().min(1).max(5000),
  // Optional for brands without a security code (adyen-web's cvcPolicy).
  encryptedSecurityCode: z.string().max(5000),
  browserInfo: z
    .string()
    .max(2000)
    .refine((value) => !value || isJsonObject(value)),
  bin: z.string().regex(/^(\d{6,8})?$/),
  lastFour: z.string().regex(/^(\d{4})?$/),
  holderName: z.string().trim().min(1).max(100),
});

function isJsonObject(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

export function postedCard(form: FormData, sandbox: boolean, today: Date): PostedCard {
  if (!sandbox) {
    if (['number', 'expiry', 'cvc'].some((name) => text(form, name).trim()))
      return { ok: false, refused: 'raw_card_in_production' };
    const parsed = encrypted.safeParse({
      ...Object.fromEntries(adyenFieldNames.map((name) => [name, text(form, name)])),
      holderName: text(form, 'holderName'),
    });
    if (!parsed.success) return { ok: false, refused: 'card_incomplete' };
    const { holderName, ...fields } = parsed.data;
    return {
      ok: true,
      method: {
        kind: 'adyen_encrypted',
        holderName,
        fields: Object.fromEntries(Object.entries(fields).filter(([, v]) => v)),
      },
    };
  }
  const parsed = plain.safeParse({
    number: text(form, 'number'),
    expiry: text(form, 'expiry'),
    cvc: text(form, 'cvc'),
    name: text(form, 'name'),
  });
  if (!parsed.success) return { ok: false, fieldErrors: ['number', 'expiry', 'cvc', 'name'] };
  const { number, expiry, cvc, name } = parsed.data;
  const fieldErrors = cardEntryErrors({ number, expiry, cvc, name }, today);
  if (fieldErrors.length > 0) return { ok: false, fieldErrors };
  const { month, year } = parseExpiry(expiry)!;
  return {
    ok: true,
    method: { kind: 'card', number, expiryMonth: month, expiryYear: year, cvc: cvc.trim(), holderName: name.trim() },
  };
}
