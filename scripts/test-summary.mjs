// Adds up Vitest's and Playwright's counts into one closing line: "N passed, N failed".
import { readFileSync, existsSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
const strip = (s) => s.replace(/\x1b\[[0-9;]*m/g, "");
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue;
  const text = strip(readFileSync(file, "utf8"));
  const vitest = text.match(/^\s*Tests\s+(.*)$/m);
  if (vitest) {
    passed += Number(vitest[1].match(/(\d+) passed/)?.[1] ?? 0);
    failed += Number(vitest[1].match(/(\d+) failed/)?.[1] ?? 0);
    skipped += Number(vitest[1].match(/(\d+) skipped/)?.[1] ?? 0);
    continue;
  }
  passed += Number(text.match(/^\s*(\d+) passed/m)?.[1] ?? 0);
  failed += Number(text.match(/^\s*(\d+) failed/m)?.[1] ?? 0);
  skipped += Number(text.match(/^\s*(\d+) skipped/m)?.[1] ?? 0);
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
