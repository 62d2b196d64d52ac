import { getTranslations } from 'next-intl/server';
import { forbidden } from 'next/navigation';
import { hasRole } from '@/lib/auth/access';
import type { Role } from '@/lib/core/enums';
import { organisationUsersFor, staffOrganisations } from '@/lib/core/staff/staff-request';
import { keptForm } from '@/lib/http/kept-form-read';
import { requireStaff } from '../../staff-session';
import { ActionNotice } from '../action-notice';
import { changeRolesAction, inviteUserAction, removeUserAction } from './actions';
import { RoleChoices } from './role-choices';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ result?: string; error?: string }> };

/**
 * The organisation's users (users:manage): invite with roles, change roles, remove. A refused invite or role change
 * comes back with what was ticked and typed (kept-form.ts), in its own form: the role change only in the form of
 * the user it was for.
 */
export default async function UsersPage({ params, searchParams }: Props) {
  const { locale } = await params;
  const staff = await requireStaff(locale);
  // The navigation hides this page without the role; a typed address gets the API's answer.
  if (!hasRole(staff, 'users:manage')) forbidden();
  const t = await getTranslations({ locale, namespace: 'Dashboard.users' });
  const query = await searchParams;
  const members = await organisationUsersFor(staff);
  const organisation = (await staffOrganisations(staff)).find((org) => org.id === staff.rootOrganisationId);
  const held = [...staff.roles].sort() as Role[];
  const invite = await keptForm(query, 'invite-user');
  const roles = await keptForm(query, 'user-roles');
  const ticked = (kept: typeof roles, fallback: string[]) =>
    kept.active ? held.filter((role) => kept.checked('roles', false, role)) : fallback;
  return (
    <main>
      <h1>{t('title')}</h1>
      <ActionNotice locale={locale} namespace="Dashboard.users" query={query} testId="users" />
      <p>{t('intro', { organisation: organisation?.name ?? staff.rootOrganisationId })}</p>
      <ul className="dashboard-users" data-testid="users-list">
        {members.map((member) => (
          <li key={member.id} className="card" data-testid="user-row" data-email={member.email}>
            <h2 className="user-name">
              {member.name} {member.id === staff.userId && <span className="muted">{t('you')}</span>}
            </h2>
            <p className="muted">{member.email}</p>
            <p>
              {t('roles')}: {member.roles.length ? member.roles.join(', ') : '–'}
            </p>
            <form action={changeRolesAction} className="stack">
              <input type="hidden" name="locale" value={locale} />
              <input type="hidden" name="user" value={member.id} />
              <details open={roles.text('user') === member.id}>
                <summary>{t('saveRoles', { name: member.name })}</summary>
                <RoleChoices
                  legend={t('roles')}
                  held={held}
                  checked={roles.text('user') === member.id ? ticked(roles, member.roles) : member.roles}
                  idPrefix={`roles-${member.id}`}
                />
                <button type="submit">{t('saveRoles', { name: member.name })}</button>
              </details>
            </form>
            {member.id !== staff.userId && (
              <form action={removeUserAction}>
                <input type="hidden" name="locale" value={locale} />
                <input type="hidden" name="user" value={member.id} />
                <button type="submit" className="secondary" data-testid="remove-user">
                  {t('remove', { name: member.name })}
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
      <h2>{t('inviteTitle')}</h2>
      <p>{t('inviteIntro')}</p>
      <form action={inviteUserAction} className="stack narrow" data-testid="invite-form">
        <input type="hidden" name="locale" value={locale} />
        <div className="field">
          <label htmlFor="invite-name">{t('name')}</label>
          <input
            id="invite-name"
            name="name"
            type="text"
            autoComplete="off"
            required
            defaultValue={invite.text('name')}
          />
        </div>
        <div className="field">
          <label htmlFor="invite-email">{t('email')}</label>
          <input
            id="invite-email"
            name="email"
            type="email"
            autoComplete="off"
            required
            defaultValue={invite.text('email')}
          />
        </div>
        <RoleChoices legend={t('roles')} held={held} checked={ticked(invite, [])} idPrefix="invite" />
        <div>
          <button type="submit">{t('invite')}</button>
        </div>
      </form>
    </main>
  );
}
