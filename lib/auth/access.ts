import type { Role } from '@/lib/core/enums';
import { AppError } from '@/lib/http/app-error';
import type { Actor } from './actor';

export function hasRole(actor: Actor, role: Role): boolean {
  return actor.roles.has(role);
}

export function requireRole(actor: Actor, role: Role): void {
  if (!hasRole(actor, role)) throw new AppError('auth.missing_role', `This operation needs the role ${role}.`);
}

export function canAccessOrganisation(actor: Actor, organisationId: string): boolean {
  return actor.organisations.has(organisationId);
}

/** Throws the same 403 whether the organisation exists or not, so nothing is revealed. */
export function requireOrganisation(actor: Actor, organisationId: string): void {
  if (!canAccessOrganisation(actor, organisationId)) {
    throw new AppError(
      'auth.organisation_forbidden',
      `Organisation ${organisationId} is not accessible with this API key.`,
    );
  }
}

/**
 * The organisations a list request covers: the one named, and with
 * `show-child-organisations` every descendant of it that the key reaches.
 */
export function organisationScope(actor: Actor, organisationId: string, includeChildren = false): string[] {
  requireOrganisation(actor, organisationId);
  if (!includeChildren) return [organisationId];
  const scope = [organisationId];
  for (let i = 0; i < scope.length; i++) {
    for (const org of actor.organisations.values()) if (org.parentId === scope[i]) scope.push(org.id);
  }
  return scope;
}
