import type { Db } from '@/lib/db/types';

/**
 * An organisation with one all-roles user and the Actor of its API key: what
 * the in-process bench phases act as. Imported lazily by the caller, after
 * run.ts has moved to the repository (lib/db finds its migrations from there).
 */
export async function createBenchTenant(db: Db, input: { organisation: string; name: string; email: string }) {
  const { createOrganisation, createUser } = await import('@/lib/core/organisations/provision');
  const { insertApiKey } = await import('@/lib/core/api-keys/api-keys');
  const { loadActor } = await import('@/lib/auth/actor');
  const { roles } = await import('@/lib/core/enums');
  await createOrganisation(db, { id: input.organisation, name: input.name, country: 'GB' });
  const user = await createUser(db, {
    email: input.email,
    name: input.name,
    roles,
    organisationIds: [input.organisation],
  });
  const key = await insertApiKey(db, { userId: user.id, organisationId: input.organisation, name: input.name, roles });
  const actor = await loadActor(db, key.id);
  if (!actor) throw new Error(`loadActor found no actor for the ${input.name} key`);
  return { user, actor };
}
