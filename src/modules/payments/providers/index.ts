import { DEFAULT_PAYMENT_API_URLS, type Config } from '../../../config.js';
import type { Settings } from '../../../db/types.js';
import type { PaymentMethod } from '../types.js';
import { cardpayProvider } from './cardpay.js';
import { checkoutProvider } from './checkout.js';
import { withCheckedCheckoutUrl } from './checkout-url.js';
import { onlinepayProvider } from './onlinepay.js';
import type { PaymentProvider } from './types.js';

/** A card terminal provider needs all three settings: the API key, the merchant and the reader. */
export function cardProviderConfigured(
  settings: Pick<Settings, 'cardpay_api_key' | 'cardpay_merchant_code' | 'cardpay_reader_id'>,
): boolean {
  return settings.cardpay_api_key !== '' && settings.cardpay_merchant_code !== '' && settings.cardpay_reader_id !== '';
}

/**
 * The provider configured for a payment method, from the settings (with their secrets
 * opened) and the API base URLs of the environment; null when its credentials are not set.
 * Its checkout URLs are https or refused (checkout-url.ts).
 */
export function configuredProvider(
  config: Config,
  settings: Settings,
  method: PaymentMethod | 'cardpay' | 'onlinepay',
): PaymentProvider | null {
  const provider = providerOf(config, settings, method);
  return provider && withCheckedCheckoutUrl(provider, config.paymentsAllowHttpCheckout ?? false);
}

function providerOf(
  config: Config,
  settings: Settings,
  method: PaymentMethod | 'cardpay' | 'onlinepay',
): PaymentProvider | null {
  const urls = config.paymentApiUrls ?? DEFAULT_PAYMENT_API_URLS;
  switch (method) {
    case 'card':
    case 'cardpay':
      if (!cardProviderConfigured(settings)) return null;
      return cardpayProvider(urls.cardpay, {
        apiKey: settings.cardpay_api_key,
        merchantCode: settings.cardpay_merchant_code,
        readerId: settings.cardpay_reader_id,
      });
    case 'online':
    case 'onlinepay':
      if (!settings.onlinepay_api_key) return null;
      return onlinepayProvider(urls.onlinepay, {
        apiKey: settings.onlinepay_api_key,
        terminalId: settings.onlinepay_terminal_id,
      });
    case 'checkout':
      if (!settings.checkout_secret_key) return null;
      return checkoutProvider(urls.checkout, settings.checkout_secret_key);
  }
}
