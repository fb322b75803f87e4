import { api } from '@tradelist/contract/api';
import type { PricingProfile, PricingProfileInput } from '@tradelist/contract/pricing-profiles';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { withOwnSuccess, type MutationConfig } from '../../../lib/mutation-config';

/** GET /api/pricing-profiles/: the user's profiles, the default first, then by name. */
export const pricingProfilesQueryOptions = queryOptions({
  queryKey: ['pricing-profiles'],
  queryFn: ({ signal }) => callApi(api.pricing.list, {}, { signal }),
  meta: { errorMessage: 'Your pricing profiles could not be loaded.' },
});

/** The user's profiles; nothing is asked while `enabled` is false (no stored email, product §5). */
export function usePricingProfiles({ enabled }: { enabled: boolean }) {
  return useQuery({ ...pricingProfilesQueryOptions, enabled });
}

/** What a save sends: a new profile (no id) or the whole of an existing one. */
export interface ProfileSave {
  id: number | null;
  body: PricingProfileInput;
}

/**
 * POST /api/pricing-profiles/ (no id) or PUT /api/pricing-profiles/{id}/: the profile as stored is
 * the answer; the list is read again, since marking one default changes the others.
 */
export function useSavePricingProfile(config: MutationConfig<PricingProfile, ProfileSave> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...withOwnSuccess(config, () => queryClient.invalidateQueries({ queryKey: pricingProfilesQueryOptions.queryKey })),
    mutationFn: ({ id, body }: ProfileSave) =>
      id === null ? callApi(api.pricing.create, { body }) : callApi(api.pricing.replace, { params: { profileId: id }, body }),
  });
}

/** DELETE /api/pricing-profiles/{id}/ (not the default, nor the last). */
export function useDeletePricingProfile(config: MutationConfig<null, number> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...withOwnSuccess(config, () => queryClient.invalidateQueries({ queryKey: pricingProfilesQueryOptions.queryKey })),
    mutationFn: (id: number) => callApi(api.pricing.remove, { params: { profileId: id } }),
  });
}
