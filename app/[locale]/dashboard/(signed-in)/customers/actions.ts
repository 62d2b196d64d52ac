'use server';

import { z } from 'zod';
import { createCustomer, createCustomerSchema } from '@/lib/core/customers/customers';
import { createSupplier, createSupplierSchema } from '@/lib/core/suppliers/suppliers';
import { dashboardAction } from '@/lib/http/dashboard-action';

/* The customers and suppliers pages' actions: POST /agent/customers and /agent/suppliers through the same core. */

/** A form's empty field is a field not given, as the API's absent one. */
const emptyIsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const customerFields = z.preprocess(
  (values) =>
    Object.fromEntries(
      Object.entries(values as Record<string, unknown>).map(([key, value]) => [key, emptyIsAbsent(value)]),
    ),
  createCustomerSchema.omit({ organisation: true }),
);

const newCustomer = dashboardAction({
  role: 'booking-and-payment:create:booking',
  input: customerFields,
  back: '/customers',
  run: async ({ db, actor, organisationId }, input) => {
    await createCustomer(db, actor, { ...input, organisation: organisationId });
    return 'customer-created';
  },
});

const newSupplier = dashboardAction({
  role: 'suppliers:manage',
  input: createSupplierSchema.omit({ organisation: true }),
  back: '/suppliers',
  run: async ({ db, actor, organisationId }, input) => {
    await createSupplier(db, actor, { ...input, organisation: organisationId });
    return 'supplier-created';
  },
});

export async function createCustomerAction(form: FormData): Promise<void> {
  await newCustomer(form);
}
export async function createSupplierAction(form: FormData): Promise<void> {
  await newSupplier(form);
}
