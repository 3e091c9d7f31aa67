// HTTP Strict Transport Security (issue 27, point 11): once a browser has seen it over https, it
// refuses plain http to this host (and its subdomains) for two years, so a network attacker cannot
// strip TLS from a later visit. Sent only when both hold:
// - the app's public URL (NEXTAUTH_URL) is https: the operator serves it over TLS. An http
//   deployment (the demo, development) never pins https, which would lock its users out of it.
// - this request arrived over https: Next.js makes the request URL https when its socket is TLS or
//   the reverse proxy in front says so in X-Forwarded-Proto. A plain-http request (a health check
//   on the internal port) gets none; browsers ignore the header over http anyway (RFC 6797 §8.1).

export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/** The Strict-Transport-Security value for a request to `requestUrl`, or null when none is sent. */
export function strictTransportSecurity(requestUrl: URL, publicUrl: string | undefined): string | null {
  if (requestUrl.protocol !== "https:" || !publicUrl) return null;
  let publicProtocol: string;
  try {
    publicProtocol = new URL(publicUrl).protocol;
  } catch {
    return null;
  }
  return publicProtocol === "https:" ? STRICT_TRANSPORT_SECURITY : null;
}
