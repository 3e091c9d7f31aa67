// next-auth credentials sign-in with plain fetch, for the benchmarks and the fault script (no
// browser): returns the session's cookie jar; cookieHeader makes the Cookie header of it.
export type TCookieJar = Map<string, string>;

export const cookieHeader = (jar: TCookieJar) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

export async function fetchSignIn(baseURL: string, email: string, password: string): Promise<TCookieJar> {
  const jar: TCookieJar = new Map();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const csrfRes = await fetch(`${baseURL}/api/auth/csrf`);
  keep(csrfRes);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const res = await fetch(`${baseURL}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieHeader(jar) },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  keep(res);
  if (![...jar.keys()].some((k) => k.includes("session-token"))) throw new Error(`sign-in failed for ${email} (HTTP ${res.status})`);
  return jar;
}
