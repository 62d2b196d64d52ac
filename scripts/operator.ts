/**
 * `npm run operator -- <command> [--flag value ...]`: what an operator does by
 * hand, outside the API — organisations, users, their first API key, and
 * settings. The same service functions as the API and the sandbox seed.
 *
 *   create-organisation --name "Acme Travel" [--id org_acme] [--parent org_x] [--country GB]
 *   create-user --email ops@acme.test --name "Ops" --organisation org_acme [--roles all|role,role]
 *   create-key --email ops@acme.test --organisation org_acme [--name "Back office"] [--roles all|role,role]
 *   settings --organisation org_acme --json '{"approval_links_enabled":true}'
 *   remove-user-from-organisation --email ops@acme.test --organisation org_acme   (their keys stop working at once)
 *   list-organisations
 *
 * With the embedded database, stop the server first: one process per data folder, and a second one refuses
 * with one line (lib/db/data-dir-lock.ts).
 */
import { eq } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { insertApiKey } from '@/lib/core/api-keys/api-keys';
import { roles as allRoles, type Role } from '@/lib/core/enums';
import { updateSettingsSchema, writeOrganisationSettings } from '@/lib/core/organisations/organisation-settings';
import { createOrganisation, createUser, removeUserFromOrganisation } from '@/lib/core/organisations/provision';
import { closeDatabase, getDb } from '@/lib/db/client';
import { organisations, users } from '@/lib/db/schema';
import { describeErrorSafely, isDatabaseError } from '@/lib/http/safe-error-log';
import { parseInput } from '@/lib/http/validation';
import { refuseUnsafeStart } from '@/lib/startup-check';

// The same refusals as the server, before the database is opened (and migrated).
refuseUnsafeStart('operator');

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: Object.fromEntries(
    ['name', 'id', 'parent', 'country', 'email', 'organisation', 'roles', 'json'].map((flag) => [
      flag,
      { type: 'string' },
    ]),
  ),
});

function required(flag: string): string {
  const value = values[flag];
  if (typeof value !== 'string' || !value) throw new Error(`--${flag} is required`);
  return value;
}

function roleList(): Role[] {
  const given = typeof values.roles === 'string' ? values.roles : 'all';
  if (given === 'all') return [...allRoles];
  const list = given
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const unknown = list.filter((r) => !(allRoles as readonly string[]).includes(r));
  if (unknown.length) throw new Error(`unknown roles: ${unknown.join(', ')}`);
  return list as Role[];
}

async function userByEmail() {
  const [user] = await (
    await getDb()
  )
    .select()
    .from(users)
    .where(eq(users.email, required('email')));
  if (!user) throw new Error(`no user ${values.email}`);
  return user;
}

async function run(command: string | undefined): Promise<unknown> {
  const db = await getDb();
  switch (command) {
    case 'create-organisation':
      return createOrganisation(db, {
        name: required('name'),
        id: values.id as string | undefined,
        parentId: values.parent as string | undefined,
        country: values.country as string | undefined,
      });
    case 'create-user':
      return createUser(db, {
        email: required('email'),
        name: required('name'),
        roles: roleList(),
        organisationIds: [required('organisation')],
      });
    case 'create-key': {
      const user = await userByEmail();
      const key = await insertApiKey(db, {
        userId: user.id,
        organisationId: required('organisation'),
        name: (values.name as string) ?? 'Operator key',
        roles: roleList(),
      });
      return { ...key, note: 'The private key is shown only now; store it safely.' };
    }
    case 'remove-user-from-organisation': {
      const user = await userByEmail();
      const removed = await removeUserFromOrganisation(db, {
        userId: user.id,
        organisationId: required('organisation'),
      });
      if (!removed) throw new Error(`${user.email} does not belong to ${values.organisation}`);
      return { removed: true, user: user.email, organisation: values.organisation };
    }
    case 'settings':
      return writeOrganisationSettings(
        db,
        required('organisation'),
        parseInput(updateSettingsSchema, JSON.parse(required('json'))),
        null,
      );
    case 'list-organisations':
      return db
        .select({
          id: organisations.id,
          name: organisations.name,
          parent: organisations.parentId,
          country: organisations.country,
        })
        .from(organisations);
    default:
      throw new Error(
        'commands: create-organisation, create-user, create-key, remove-user-from-organisation, settings, list-organisations (see the comment at the top of scripts/operator.ts)',
      );
  }
}

/**
 * The operator's own refusals say what to do; a database error says only its kind and SQLSTATE: a query error's
 * message carries every bound parameter (names, emails, key hashes), and stderr ends up in job logs (issue 16 item 17).
 */
function errorText(error: unknown): string {
  if (isDatabaseError(error)) {
    const { class: kind, code, cause } = describeErrorSafely(error);
    const state = code ?? cause?.code;
    return `the database refused it (${kind}${state ? `, SQLSTATE ${state}` : ''}); its values are not printed`;
  }
  return error instanceof Error ? error.message : String(error);
}

run(positionals[0])
  .then((result) => console.log(JSON.stringify(result, null, 2)))
  .catch((error) => {
    console.error(`operator: ${errorText(error)}`);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
