/**
 * Which base URLs a model endpoint may have. Only http(s): a `file:` or `data:` URL is not an API.
 * A deployment that must keep requests away from internal addresses lists the hosts it allows in
 * TROPOS_MODEL_HOSTS (comma-separated host names or host:port; "*.example.org" for subdomains);
 * unset means any host, which is what a lab running a local Ollama needs. The check is repeated
 * before every job, so narrowing the list stops endpoints added earlier.
 */
import { AppError } from "@/lib/errors";

export function parseModelHosts(raw: string | undefined): string[] | null {
  const hosts = (raw ?? "").split(",").map((h) => h.trim().toLowerCase()).filter(Boolean);
  return hosts.length ? hosts : null;
}

function hostAllowed(url: URL, allowed: readonly string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
  const hostPort = url.port ? `${host}:${url.port}` : host;
  return allowed.some((a) => {
    if (a.startsWith("*.")) return host.endsWith(a.slice(1));
    return a === host || a === hostPort;
  });
}

/** The base URL without a trailing slash; throws BAD_REQUEST naming what is wrong. */
export function checkModelBaseUrl(raw: string, allowList: string | undefined = process.env.TROPOS_MODEL_HOSTS): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError("BAD_REQUEST", `The base URL "${raw}" is not a URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new AppError("BAD_REQUEST", `The base URL must be http(s), not ${url.protocol.replace(/:$/, "")}.`);
  // credentials in the URL would be stored and shown: the key belongs in an environment variable
  if (url.username || url.password) throw new AppError("BAD_REQUEST", "The base URL must not contain a user name or password; name the environment variable of the API key instead.");
  const allowed = parseModelHosts(allowList);
  if (allowed && !hostAllowed(url, allowed)) throw new AppError("FORBIDDEN", `The host ${url.host} is not in TROPOS_MODEL_HOSTS.`);
  return url.toString().replace(/\/+$/, "");
}
