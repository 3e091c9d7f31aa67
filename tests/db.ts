// Integration-test access to the run's fresh database (see global-setup.ts).
import { inject } from "vitest";

export function useTestDatabase(): string {
  const url = inject("databaseUrl");
  process.env.DATABASE_URL = url;
  return url;
}
