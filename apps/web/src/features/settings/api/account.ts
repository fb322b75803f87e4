import { updateSettingsRequest, type DeleteAccountRequest, type SessionUser, type UpdateSettingsResponse } from '@tradelist/contract/accounts';
import { api } from '@tradelist/contract/api';
import type { MessageBody } from '@tradelist/contract/errors';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi, callApiForFile } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/mutation-config';

const { update1, update2, ...settingsFields } = updateSettingsRequest.shape;

/** What the General and Updates tabs save; the wire names the two email preferences `update1` and `update2` (product §7). */
export const settingsChange = z.object({ ...settingsFields, wants_edition_emails: update1, wants_product_news: update2 });
export type SettingsChange = z.input<typeof settingsChange>;

/** The signed-in user's settings, as the form starts from them. */
export function settingsOf(user: SessionUser): SettingsChange {
  return { name: user.name, email: user.email, wants_edition_emails: user.update1, wants_product_news: user.update2, current_password: '' };
}

/** PUT /api/users/{id}/update/: name, email and the two email preferences. */
export function updateSettings(input: { id: number; body: SettingsChange }): Promise<UpdateSettingsResponse> {
  const { wants_edition_emails, wants_product_news, ...body } = input.body;
  return callApi(api.accounts.updateSettings, { params: { id: input.id }, body: { ...body, update1: wants_edition_emails, update2: wants_product_news } });
}

export function useUpdateSettings(config: MutationConfig<UpdateSettingsResponse, { id: number; body: SettingsChange }> = {}) {
  return useMutation({ ...config, mutationFn: updateSettings });
}

/** DELETE /api/users/{id}/delete/, confirmed by the current password (absent for a Google-only account). */
export function deleteAccount(input: { id: number; body: DeleteAccountRequest }): Promise<MessageBody> {
  return callApi(api.accounts.deleteAccount, { params: { id: input.id }, body: input.body });
}

export function useDeleteAccount(config: MutationConfig<MessageBody, { id: number; body: DeleteAccountRequest }> = {}) {
  return useMutation({ ...config, mutationFn: deleteAccount });
}

/** POST /api/request-password-reset/ for the signed-in user's own email (the Security tab). */
export function sendPasswordResetLink(email: string): Promise<MessageBody> {
  return callApi(api.accounts.requestPasswordReset, { body: { email } });
}

export function useSendPasswordResetLink(config: MutationConfig<MessageBody, string> = {}) {
  return useMutation({ ...config, mutationFn: sendPasswordResetLink });
}

/** GET /api/users/{id}/data-export/: the JSON file and the name the server gave it. */
export async function exportMyData(id: number): Promise<{ blob: Blob; fileName: string }> {
  const response = await callApiForFile(api.accounts.exportData, { params: { id } });
  if (!response.ok) throw new Error(`Request failed with status code ${response.status}`);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'tradelist-my-data.json';
  return { blob: await response.blob(), fileName };
}
