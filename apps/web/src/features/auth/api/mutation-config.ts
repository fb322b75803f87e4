import type { UseMutationOptions } from '@tanstack/react-query';

/** Options a screen may add to one of this feature's mutations (everything but the call itself). */
export type MutationConfig<TData, TVariables> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'mutationFn'
>;
