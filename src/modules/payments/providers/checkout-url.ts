import { ProviderError, type PaymentProvider, type ProviderPayment } from './types.js';

/*
 * The checkout URL a provider returns is where the service sends a client to type in card
 * details (the till's link, the deposit's redirect, the no-show fee's email). Over plain http
 * anyone on the client's network could read or change that page, and a provider that answers
 * with one is misconfigured or not the provider. Such an answer is refused before anything is
 * stored or shown: the payment is not started (failed, with this error; the sale or booking
 * stays as it was). Only an operator running a local sandbox, or the tests' fake providers on
 * 127.0.0.1, allows http (PAYMENTS_ALLOW_HTTP_CHECKOUT).
 */

/** Throws a non-retryable ProviderError unless `url` is https (or http, when allowed). */
export function checkCheckoutUrl(provider: string, url: string, allowHttp: boolean): void {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new ProviderError(`${provider} returned a checkout URL that is not a URL`, false);
  }
  if (protocol === 'https:' || (protocol === 'http:' && allowHttp)) return;
  throw new ProviderError(
    `${provider} returned a checkout URL that is not https (${protocol.replace(/:$/, '')}); refused`,
    false,
  );
}

/** `provider` whose every checkout URL is checked by checkCheckoutUrl before it is used. */
export function withCheckedCheckoutUrl(provider: PaymentProvider, allowHttp: boolean): PaymentProvider {
  return {
    ...provider,
    async create(request): Promise<ProviderPayment> {
      const payment = await provider.create(request);
      if (payment.checkoutUrl !== null) checkCheckoutUrl(provider.name, payment.checkoutUrl, allowHttp);
      return payment;
    },
  };
}
