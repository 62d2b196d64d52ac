import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '@/lib/auth/actor';
import { canAccessOrganisation, organisationScope, requireOrganisation, requireRole } from '@/lib/auth/access';
import { generateKeyPair, hashPrivateKey } from '@/lib/auth/key-material';
import { now } from '@/lib/clock';
import { isSandbox } from '@/lib/config';
import { apiKeys } from '@/lib/db/schema';
import type { Db, Executor } from '@/lib/db/types';
import { AppError, notFound } from '@/lib/http/app-error';
import { listPage } from '@/lib/http/list-result';
import { recordAudit } from '../audit/record-audit';
import { roles, type Role } from '../enums';
import { listParams } from '../shared/list-params';
import { isUuid } from '../shared/is-uuid';

export const createApiKeySchema = z.object({
  organisation: z.string().trim().min(1),
  name: z.string().trim().min(1).max(100),
  /** Without roles (Felloh's SDK sends none) the new key gets exactly the calling key's roles. */
  roles: z.array(z.enum(roles)).max(roles.length).optional(),
});
export const listApiKeysSchema = listParams();
/** A key's id, or its public key (Felloh's SDK only learns the public key when it creates one). */
export const apiKeyIdParams = z.object({ id: z.string().trim().min(1).max(200) });

function serializeApiKey(key: typeof apiKeys.$inferSelect) {
  return {
    id: key.id,
    name: key.name,
    public_key: key.publicKey,
    organisation: key.organisationId,
    roles: key.roles,
    created_at: key.createdAt.toISOString(),
  };
}

/** Inserts a key for a user; the private key is returned here and never again. */
export async function insertApiKey(
  db: Executor,
  input: {
    userId: string;
    organisationId: string;
    name: string;
    roles: readonly Role[];
    publicKey?: string;
    privateKey?: string;
  },
) {
  const generated = generateKeyPair(isSandbox() ? 'sandbox' : 'live');
  const publicKey = input.publicKey ?? generated.publicKey;
  const privateKey = input.privateKey ?? generated.privateKey;
  const [key] = await db
    .insert(apiKeys)
    .values({
      userId: input.userId,
      organisationId: input.organisationId,
      name: input.name,
      roles: [...input.roles],
      publicKey,
      privateKeyHash: hashPrivateKey(privateKey),
    })
    .returning();
  // `secret_key` is the same private key under the name Felloh's SDK reads.
  return { ...serializeApiKey(key!), private_key: privateKey, secret_key: privateKey };
}

/** PUT /agent/api-keys: a key for the caller's user, with roles no wider than the caller's. */
export async function createApiKey(db: Db, actor: Actor, input: z.output<typeof createApiKeySchema>) {
  requireOrganisation(actor, input.organisation);
  requireRole(actor, 'developers:manage:keys');
  const wanted = input.roles ?? [...actor.roles];
  const notHeld = wanted.filter((role) => !actor.roles.has(role));
  if (notHeld.length)
    throw new AppError(
      'api_key.role_not_held',
      `A new key cannot have roles this key does not hold: ${notHeld.join(', ')}.`,
    );
  return db.transaction(async (tx) => {
    const key = await insertApiKey(tx, {
      userId: actor.userId,
      organisationId: input.organisation,
      name: input.name,
      roles: [...new Set(wanted)],
    });
    await recordAudit(tx, actor, { organisationId: input.organisation, type: 'api-key:create', entityId: key.id });
    return key;
  });
}

/** POST /agent/api-keys: active keys of the organisation, newest first; never a private key. */
export async function listApiKeys(db: Db, actor: Actor, input: z.output<typeof listApiKeysSchema>) {
  requireRole(actor, 'developers:manage:keys');
  const scope = organisationScope(actor, input.organisation, input['show-child-organisations']);
  const where = and(inArray(apiKeys.organisationId, scope), isNull(apiKeys.revokedAt));
  const page = await listPage(
    input,
    (limit, offset) =>
      db
        .select()
        .from(apiKeys)
        .where(where)
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(apiKeys).where(where))[0]!.n,
  );
  return page.map(serializeApiKey);
}

/** DELETE /agent/api-keys/{id}: revokes at once; tokens of the key fail from the next request on. */
export async function revokeApiKey(db: Db, actor: Actor, idOrPublicKey: string): Promise<void> {
  requireRole(actor, 'developers:manage:keys');
  const identifies = isUuid(idOrPublicKey) ? eq(apiKeys.id, idOrPublicKey) : eq(apiKeys.publicKey, idOrPublicKey);
  await db.transaction(async (tx) => {
    const [key] = await tx
      .select()
      .from(apiKeys)
      .where(and(identifies, isNull(apiKeys.revokedAt)));
    if (!key || !canAccessOrganisation(actor, key.organisationId)) throw notFound('API key');
    const revoked = await tx
      .update(apiKeys)
      .set({ revokedAt: now() })
      .where(and(eq(apiKeys.id, key.id), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    if (revoked.length === 0) throw notFound('API key');
    await recordAudit(tx, actor, { organisationId: key.organisationId, type: 'api-key:revoke', entityId: key.id });
  });
}
