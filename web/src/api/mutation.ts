import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { $api } from './client';
import { withStaleness, type Operation } from './invalidations';

const useOperationMutation = $api.useMutation as unknown as (method: string, path: string, options: object) => unknown;

/**
 * `$api.useMutation(method, path, options)` with the map of invalidations (invalidations.ts)
 * applied: the way every page sends a change of the API.
 */
export const useApiMutation = ((method: string, path: string, options: object = {}) =>
  useOperationMutation(method, path, withStaleness([method, path], options))) as unknown as typeof $api.useMutation;

/** An operation as a mutation key: `['post', '/api/public/bookings']`. */
export type OperationKey = {
  [O in Operation]: O extends `${infer M} ${infer P}` ? readonly [M, P] : never;
}[Operation];

/**
 * A change with logic of its own (the booking: one service or a visit; a link's three
 * actions): a hand-written request, keyed `[method, path]` as the request it sends, so the map
 * of invalidations applies to it as to every other.
 */
export function useChange<TData, TVariables>(
  operation: OperationKey,
  options: Omit<UseMutationOptions<TData, unknown, TVariables>, 'mutationKey'>,
): UseMutationResult<TData, unknown, TVariables> {
  return useMutation({ ...withStaleness(operation, options), mutationKey: operation });
}
