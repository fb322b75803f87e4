import type { Db } from './database.ts';
import { hashPassword } from '../lib/passwords.ts';
import { findUserByEmail, insertUser } from '../repositories/users.ts';

/** The demo accounts `npm start` creates on an empty database (never in production). */
export const demoAccounts = [
  { name: 'Dana Demo', email: 'demo@example.com', password: 'tradelist-demo-2024', role: 'user' as const },
  { name: 'Olive Operator', email: 'operator@example.com', password: 'tradelist-operator-2024', role: 'operator' as const },
];

/**
 * Loads the sample data that exists so far: the demo accounts. Safe to run on every start; it
 * adds only what is missing and never changes what a user has done since.
 */
export async function seedSampleData(db: Db, now: Date): Promise<{ created: string[] }> {
  const created: string[] = [];
  for (const account of demoAccounts) {
    if (await findUserByEmail(db, account.email)) continue;
    await insertUser(db, {
      name: account.name,
      email: account.email,
      password_hash: await hashPassword(account.password),
      google_subject: null,
      is_verified: true,
      is_onboarded: account.role === 'operator',
      role: account.role,
      password_changed_at: now,
      last_login_at: null,
      created_at: now,
      updated_at: now,
    });
    created.push(account.email);
  }
  return { created };
}
