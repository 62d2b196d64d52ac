import { describe, expect, it } from 'vitest';
import { organisationScope, requireRole } from '@/lib/auth/access';
import type { Actor } from '@/lib/auth/actor';

const actor: Actor = {
  apiKeyId: 'k',
  sessionId: null,
  userId: 'u',
  userEmail: 'u@example.com',
  roles: new Set(['organisation:audit']),
  rootOrganisationId: 'root',
  organisations: new Map([
    ['root', { id: 'root', parentId: 'outside' }],
    ['a', { id: 'a', parentId: 'root' }],
    ['b', { id: 'b', parentId: 'root' }],
    ['a1', { id: 'a1', parentId: 'a' }],
  ]),
};

describe('organisationScope', () => {
  it('is the organisation alone without show-child-organisations', () => {
    expect(organisationScope(actor, 'root')).toEqual(['root']);
  });

  it('adds every descendant with it', () => {
    expect(organisationScope(actor, 'root', true).sort()).toEqual(['a', 'a1', 'b', 'root']);
    expect(organisationScope(actor, 'a', true)).toEqual(['a', 'a1']);
  });

  it('refuses an organisation outside the key, including its parent, with the same 403', () => {
    for (const id of ['outside', 'unknown']) {
      expect(() => organisationScope(actor, id)).toThrowError(
        expect.objectContaining({ status: 403, code: 'auth.organisation_forbidden' }),
      );
    }
  });
});

describe('requireRole', () => {
  it('names the missing role', () => {
    expect(() => requireRole(actor, 'organisation:audit')).not.toThrow();
    expect(() => requireRole(actor, 'suppliers:manage')).toThrowError(/suppliers:manage/);
  });
});
