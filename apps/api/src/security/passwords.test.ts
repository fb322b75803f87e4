import { describe, expect, test } from 'vitest';
import { hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';

describe('hashPassword and verifyPassword', () => {
  test('an argon2id hash (OWASP minimum parameters) verifies its password and only that one', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse battery stapler')).toBe(false);
    expect(await verifyPassword(hash, 'Correct horse battery staple')).toBe(false);
    expect(await verifyPassword(hash, '')).toBe(false);
  });

  test('each hash has its own salt', async () => {
    const [a, b] = await Promise.all([hashPassword('same password here'), hashPassword('same password here')]);
    expect(a).not.toBe(b);
  });

  test('long and non-ASCII passwords are compared in full', async () => {
    const long = `${'ü'.repeat(100)}🔌 end`;
    const hash = await hashPassword(long);
    expect(await verifyPassword(hash, long)).toBe(true);
    expect(await verifyPassword(hash, `${long.slice(0, -1)}e`)).toBe(false);
  });

  test('a malformed stored hash is simply false', async () => {
    for (const stored of ['', 'not-a-hash', '$argon2id$v=19$m=19456,t=2,p=1$broken', '$2b$10$abcdefghijklmnopqrstuv']) {
      expect(await verifyPassword(stored, 'whatever')).toBe(false);
    }
  });

  test('the dummy verification resolves without throwing', async () => {
    await expect(verifyAgainstDummy('anything')).resolves.toBeUndefined();
  });
});

describe('isCommonPassword', () => {
  test.each(['password123', 'PassWord123', 'PASSWORD123', '123456789', 'qwerty123', 'iloveyou', 'football'])('%s is common', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  test.each(['copper wire 7e1f', 'Tradelist conduit fittings in March', 'correct horse battery staple'])('%s is not common', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });

  test('a long random phrase is not common', () => {
    const phrase = Array.from({ length: 5 }, () => Math.random().toString(36).slice(2, 8)).join('-');
    expect(isCommonPassword(phrase)).toBe(false);
  });
});
