import { api } from '@tradelist/contract/api';
import type { OnboardingRequest, OnboardingResponse } from '@tradelist/contract/onboarding';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/mutation-config';

/** POST /api/onboarding/ (product §3.3). */
export function completeOnboarding(body: OnboardingRequest): Promise<OnboardingResponse> {
  return callApi(api.accounts.completeOnboarding, { body });
}

/** Mutation hook for the onboarding dialog. */
export function useCompleteOnboarding(config: MutationConfig<OnboardingResponse, OnboardingRequest> = {}) {
  return useMutation({ ...config, mutationFn: completeOnboarding });
}
