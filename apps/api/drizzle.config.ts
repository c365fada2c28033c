import { defineConfig } from 'drizzle-kit';

// Generates the committed SQL migrations in ./drizzle from src/db/schema.ts (`npm run db:generate -w @academy/api`).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  casing: 'snake_case',
});
