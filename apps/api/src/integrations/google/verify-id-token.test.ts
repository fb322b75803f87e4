import { startGoogleSimulator, type GoogleSimulator } from '@tradelist/simulators/google';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { verifyGoogleIdToken } from './verify-id-token.ts';

let sim: GoogleSimulator;

beforeAll(async () => {
  sim = await startGoogleSimulator();
});
afterAll(async () => {
  await sim.close();
});

const verify = (token: string) => verifyGoogleIdToken(token, { certsUrl: sim.certsUrl, clientId: sim.clientId });

describe('verifyGoogleIdToken: not before (nbf)', () => {
  test('a token as Google issues it (nbf five minutes before iat) is accepted', async () => {
    const identity = await verify(await sim.issueIdToken({ email: 'nbf@example.com', name: 'Nora Before' }));
    expect(identity).toMatchObject({ email: 'nbf@example.com', name: 'Nora Before' });
  });

  test('a token whose nbf is a little ahead of our clock (within the 60 s skew) is accepted', async () => {
    expect(await verify(await sim.issueIdToken({ email: 'skew@example.com', notBeforeInSeconds: 30 }))).not.toBeNull();
  });

  test('a token not valid yet (nbf beyond the skew) is refused', async () => {
    expect(await verify(await sim.issueIdToken({ email: 'early@example.com', notBeforeInSeconds: 120 }))).toBeNull();
    expect(await verify(await sim.issueIdToken({ email: 'early@example.com', notBeforeInSeconds: 3000 }))).toBeNull();
  });
});
