import type { PaymentStatus, ProviderName } from '../types.js';

export interface ProviderPaymentRequest {
  /** Our payment id: the provider's reference to us, and the idempotency key of the create call. */
  paymentId: number;
  amountCents: number;
  /** ISO 4217, upper case (the `currency` setting). */
  currency: string;
  description: string;
  clientEmail: string | null;
  /** Where the provider reports back (carries an HMAC of the payment id where the provider signs nothing). */
  callbackUrl: string;
  /** Where a client's browser lands after a hosted checkout. */
  returnUrl: string;
  /** Where it lands when the client leaves the checkout without paying (providers with a way back). */
  cancelUrl?: string | undefined;
  /** When a hosted checkout should stop taking the payment (providers that support it). */
  expiresAt?: Date | undefined;
}

export interface ProviderPayment {
  /** The provider's id of the payment, used to look it up again. */
  providerRef: string;
  /** A page the client pays on (hosted checkout), or null (card reader, terminal). */
  checkoutUrl: string | null;
}

/** One payment provider, as the payments service sees it. */
export interface PaymentProvider {
  readonly name: Exclude<ProviderName, 'terminal' | 'none'>;
  create(request: ProviderPaymentRequest): Promise<ProviderPayment>;
  /** The payment's status as the provider knows it now (callbacks are only hints). */
  fetchStatus(providerRef: string): Promise<PaymentStatus>;
  /**
   * Makes a pending hosted checkout no longer payable, where the provider allows it; throws
   * ProviderError when it refuses (for instance because it was paid meanwhile).
   */
  expire?(providerRef: string): Promise<void>;
  /**
   * Stops a pending payment at a card reader (the customer has not paid yet and will not), where
   * the provider allows it; the payment's status is then read back as after a callback.
   */
  cancel?(providerRef: string): Promise<void>;
  /**
   * Gives `amountCents` of a paid payment back to the payer through the provider's own refund
   * API; resolves to the provider's id of the refund, throws ProviderError when it refuses
   * (the message says why). `refundId` is our refund's id: the idempotency key where the
   * provider takes one, so a retried request never refunds twice.
   */
  refund(providerRef: string, request: ProviderRefundRequest): Promise<{ refundRef: string }>;
}

export interface ProviderRefundRequest {
  refundId: number;
  amountCents: number;
  /** ISO 4217, upper case */
  currency: string;
  description: string;
}

/** A provider refused or could not be reached; the message is safe to store and show to admins. */
export class ProviderError extends Error {
  constructor(
    message: string,
    /** false: retrying the same request cannot help (bad credentials, refused input). */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
