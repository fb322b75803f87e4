import type { UseMutationOptions } from '@tanstack/react-query';

/** Options a screen may add to one of the app's mutations (everything but the call itself). */
export type MutationConfig<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>;

type SuccessArgs<TData, TVariables> = Parameters<NonNullable<MutationConfig<TData, TVariables>['onSuccess']>>;

/**
 * A feature's mutation options with its own success step (a cache update, a redirect) run before
 * the screen's `onSuccess`; when the step answers a promise, the screen's waits for it.
 */
export function withOwnSuccess<TData, TVariables>(
  config: MutationConfig<TData, TVariables>,
  ownSuccess: (...args: SuccessArgs<TData, TVariables>) => unknown,
): MutationConfig<TData, TVariables> {
  return {
    ...config,
    onSuccess(...args) {
      const own = ownSuccess(...args);
      if (own instanceof Promise) return own.then(() => config.onSuccess?.(...args));
      return config.onSuccess?.(...args);
    },
  };
}
