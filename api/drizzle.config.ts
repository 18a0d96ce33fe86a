import { defineConfig } from 'drizzle-kit';

// Migrations are generated from src/db/schema.ts and committed; the app applies them at start on both
// PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
