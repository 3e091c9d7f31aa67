// The largest upload the import route accepts. Browsers upload the whole file before the server
// can answer, so the limit is also shown on the import page; bigger files go through the CLI.
const DEFAULT_MB = 200;

export function maxUploadMb(): number {
  const n = Number.parseFloat(process.env.TROPOS_MAX_UPLOAD_MB ?? "");
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_MB;
}

export function maxUploadBytes(): number {
  return Math.floor(maxUploadMb() * 1024 * 1024);
}
