// Passwords are hashed with argon2id (@node-rs/argon2 ships prebuilt binaries through optional
// dependencies, so nothing is compiled or downloaded at install time).
import { hash, verify } from "@node-rs/argon2";

export const MIN_PASSWORD_LENGTH = 8;

export async function hashPassword(password: string): Promise<string> {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  // argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's minimum recommendation)
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the email is unknown, so timing does not reveal whether it exists. */
let dummyHash: Promise<string> | undefined;
export function getDummyHash(): Promise<string> {
  dummyHash ??= hash("tropos-dummy-password-for-timing");
  return dummyHash;
}
