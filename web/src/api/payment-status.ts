import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client';

/** How a payment ended, read with the token of the return URL (GET /public/payment-status). */
export const paymentStatusQuery = (paymentId: number, token: string) =>
  queryOptions({
    // The token is part of the key only in memory: it never reaches storage, the title or a log.
    queryKey: ['get', '/api/public/payment-status', { paymentId, token }],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/public/payment-status', { params: { query: { payment_id: paymentId, token } }, signal })),
    staleTime: 0,
  });
