import { defineConfig } from 'drizzle-kit';

// Only `npm run db:generate` reads this: it turns lib/db/schema into SQL migrations.
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/db/schema/index.ts',
  out: './lib/db/migrations',
});
