// Starts a TypeScript worker thread when the app runs from source (the CLI under tsx, vitest):
// tsx's loader does not reach worker threads on Node 20, so the worker registers it itself and
// then imports the module named by argv[2] (a file: URL). The Next.js build bundles its workers
// and never uses this file.
import { register } from "tsx/esm/api";

register();
await import(process.argv[2]);
