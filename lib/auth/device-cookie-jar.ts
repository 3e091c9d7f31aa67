// Reading and setting the device cookie (lib/auth/device-cookie.ts) on the current request, for
// the sign-in (lib/auth/options.ts) and a completed password reset (app/reset-password/actions.ts).
import { cookies } from "next/headers";
import { DEVICE_COOKIE, DEVICE_TOKEN_TTL_S } from "@/lib/auth/device-cookie";

export async function readDeviceCookie(): Promise<string | null> {
  return (await cookies()).get(DEVICE_COOKIE)?.value ?? null;
}

/** httpOnly and SameSite=Lax like the session cookie, Secure on an https site (as next-auth decides it). */
export async function setDeviceCookie(value: string): Promise<void> {
  (await cookies()).set(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: DEVICE_TOKEN_TTL_S,
    secure: process.env.NEXTAUTH_URL?.startsWith("https://") ?? false,
  });
}
