/**
 * Seeds the production-mode e2e server's fresh data folder before it starts
 * (scripts/e2e-server.sh runs it; one process per embedded database, so never
 * while the server runs): an organisation, a user and an API key, written to
 * $DATA_DIR/e2e-credentials.json so the specs can create links through the API
 * as an operator's customer would. Test servers only; the production data
 * folder is a temporary one playwright.config.ts made.
 */
import fs from 'node:fs';
import path from 'node:path';
import { roles } from '@/lib/core/enums';
import { insertApiKey } from '@/lib/core/api-keys/api-keys';
import { createOrganisation, createUser } from '@/lib/core/organisations/provision';
import { dataDir } from '@/lib/config';
import { closeDatabase, getDb } from '@/lib/db/client';
import { refuseUnsafeStart } from '@/lib/startup-check';

refuseUnsafeStart('e2e-production-seed');

async function seed() {
  const file = path.join(dataDir(), 'e2e-credentials.json');
  if (fs.existsSync(file)) return;
  const db = await getDb();
  const organisation = await createOrganisation(db, {
    id: 'org_e2e_production',
    name: 'E2E Production Travel',
    country: 'GB',
  });
  const user = await createUser(db, {
    email: 'e2e@production.test',
    name: 'E2E',
    roles: [...roles],
    organisationIds: [organisation.id],
  });
  const key = await insertApiKey(db, {
    userId: user.id,
    organisationId: organisation.id,
    name: 'e2e',
    roles: [...roles],
  });
  fs.writeFileSync(
    file,
    JSON.stringify({ organisation: organisation.id, public_key: key.public_key, private_key: key.private_key }),
  );
}

seed()
  .catch((error) => {
    console.error(`e2e-production-seed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
