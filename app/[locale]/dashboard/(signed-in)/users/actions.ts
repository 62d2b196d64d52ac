'use server';

import { z } from 'zod';
import {
  changeUserRoles,
  inviteUser,
  inviteUserSchema,
  removeUser,
  roleList,
} from '@/lib/core/staff/organisation-users';
import { dashboardAction } from '@/lib/http/dashboard-action';

/* The Users page's actions (users:manage), each dashboardAction around one core change. */

const invite = dashboardAction({
  role: 'users:manage',
  input: inviteUserSchema,
  lists: ['roles'],
  back: '/users',
  // Two forms post to /users: each refusal is given back to its own (the page reads them by these names).
  form: 'invite-user',
  run: async ({ db, actor, organisationId, locale }, input) => {
    await inviteUser(db, actor, organisationId, { ...input, locale });
    return 'invited';
  },
});

const changeRoles = dashboardAction({
  role: 'users:manage',
  input: z.object({ user: z.string().min(1).max(100), roles: roleList }),
  lists: ['roles'],
  back: '/users',
  form: 'user-roles',
  run: async ({ db, actor, organisationId }, input) => {
    await changeUserRoles(db, actor, organisationId, input.user, input.roles);
    return 'roles-changed';
  },
});

const remove = dashboardAction({
  role: 'users:manage',
  input: z.object({ user: z.string().min(1).max(100) }),
  back: '/users',
  run: async ({ db, actor, organisationId }, input) => {
    await removeUser(db, actor, organisationId, input.user);
    return 'removed';
  },
});

export async function inviteUserAction(form: FormData): Promise<void> {
  await invite(form);
}
export async function changeRolesAction(form: FormData): Promise<void> {
  await changeRoles(form);
}
export async function removeUserAction(form: FormData): Promise<void> {
  await remove(form);
}
