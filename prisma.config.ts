// Prisma CLI configuration. Prisma's native engines cannot be downloaded here, so the CLI
// runs its JavaScript schema engine over the same node-postgres driver adapter the app uses.
// DATABASE_URL must be set whenever the CLI runs (otherwise `prisma generate` tries a download).
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  async adapter() {
    return new PrismaPg({ connectionString: process.env.DATABASE_URL });
  },
});
