import { hash, verify } from '@node-rs/argon2';
import { passwordsDoNotMatchMessage, passwordTooCommonMessage } from '@tradelist/contract/accounts';
import { dictionary } from '@zxcvbn-ts/language-common';

// OWASP Password Storage minimum for argon2id: 19 MiB, 2 iterations, 1 lane.
const argonOptions = { algorithm: 2 /* Algorithm.Argon2id (an ambient const enum) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id; the result carries its own salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, argonOptions);
}

/** Checks a password against a stored hash; false for a malformed hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

// A real hash of a random string, verified when the account does not exist so that the answer
// takes as long as for a wrong password (no user enumeration by timing).
let dummyHash: Promise<string> | undefined;

/** Spends the time of one verification without a real account. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('tradelist-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}

let commonPasswords: Set<string> | undefined;

/**
 * True for the ~49,000 most common passwords (zxcvbn-ts' common list, which includes the top
 * 10,000), compared case-insensitively: NIST 800-63B's blocklist rule.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

/**
 * The server's checks of a new password and its repetition (the contract checks the lengths):
 * field errors keyed by the request's own field names, empty when both are fine.
 */
export function newPasswordErrors(
  password: string,
  repeat: string,
  names: { password: string; repeat: string },
): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  if (password !== repeat) fields[names.repeat] = [passwordsDoNotMatchMessage];
  if (isCommonPassword(password)) fields[names.password] = [passwordTooCommonMessage];
  return fields;
}
