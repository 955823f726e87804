// Prisma CLI configuration. Only `prisma generate` runs here; migrations are
// applied by scripts/migrate.ts (see README "Database").
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
