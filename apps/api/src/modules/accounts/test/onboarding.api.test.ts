import { onboardingMessages } from '@tradelist/contract/onboarding';
import { describe, expect, test } from 'vitest';
import { logIn, registerAndActivate, uniqueAddress, type Simulators } from '../../../../test/support/accounts.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import type { TestApp, TestClient } from '../../../../test/support/test-app.ts';

let sims: Simulators;
let t: TestApp;
setUpApiTest({ simulators: true }, (setup) => ({ t, sims } = setup));

const answers = { software: 'QuickBooks', team_size: '6-10', referral_source: 'Reddit', phone_number: '555-123-4567', can_contact: true };

/** A signed-in client of a fresh, activated user, and the user's id. */
async function signedInUser(): Promise<{ client: TestClient; id: number }> {
  const client = t.client({ remoteAddress: uniqueAddress() });
  const account = await registerAndActivate(t, sims.smtp, client);
  expect((await logIn(client, account.email, account.password)).statusCode).toBe(200);
  return { client, id: account.id };
}

const storedAnswers = (userId: number) => t.database.db.selectFrom('onboarding_answers').selectAll().where('user_id', '=', userId).executeTakeFirst();
const isOnboarded = async (client: TestClient) => (await client.get('/api/me/')).json().is_onboarded as boolean;

describe('POST /api/onboarding/', () => {
  test('stores the answers, marks the user onboarded, and /me says so', async () => {
    const { client, id } = await signedInUser();
    expect(await isOnboarded(client)).toBe(false);
    const response = await client.post('/api/onboarding/', answers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ is_onboarded: true });
    expect(await isOnboarded(client)).toBe(true);
    expect(await storedAnswers(id)).toMatchObject({ software: 'QuickBooks', team_size: '6-10', referral_source: 'Reddit', phone_number: '555-123-4567', can_contact: true });
  });

  test('missing choices: 400 with the product §5 message per field, nothing stored, still not onboarded', async () => {
    const { client, id } = await signedInUser();
    const response = await client.post('/api/onboarding/', { phone_number: '', can_contact: false });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      software: [onboardingMessages.software],
      team_size: [onboardingMessages.teamSize],
      referral_source: [onboardingMessages.referralSource],
    });
    expect(await storedAnswers(id)).toBeUndefined();
    expect(await isOnboarded(client)).toBe(false);
  });

  test.each([
    ['a choice off the list', { software: 'Excel' }, 'software', onboardingMessages.software],
    ['a team size off the list', { team_size: '100' }, 'team_size', onboardingMessages.teamSize],
    ['a phone number of the wrong shape', { phone_number: '12345' }, 'phone_number', onboardingMessages.phone],
    ['letters in the phone number', { phone_number: '555-CALL-NOW' }, 'phone_number', onboardingMessages.phone],
  ])('%s: 400 on that field', async (_label, change, field, message) => {
    const { client, id } = await signedInUser();
    const response = await client.post('/api/onboarding/', { ...answers, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ [field]: [message] });
    expect(await storedAnswers(id)).toBeUndefined();
  });

  test('the phone number is optional and may use dots or spaces; answering again replaces the answers', async () => {
    const { client, id } = await signedInUser();
    const first = await client.post('/api/onboarding/', { ...answers, phone_number: '' });
    expect(first.statusCode, first.body).toBe(200);
    expect(await storedAnswers(id)).toMatchObject({ phone_number: null });
    const again = await client.post('/api/onboarding/', { ...answers, team_size: '21+', phone_number: '555.123 4567', can_contact: false });
    expect(again.statusCode, again.body).toBe(200);
    expect(await storedAnswers(id)).toMatchObject({ team_size: '21+', phone_number: '555.123 4567', can_contact: false });
  });
});
