import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ConfigError, DEFAULT_PAYMENT_API_URLS, loadConfig } from '../../config.js';

describe('payment provider base URLs from the environment', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-config-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

  it('default to the providers’ production APIs', () => {
    assert.deepEqual(load({}).paymentApiUrls, DEFAULT_PAYMENT_API_URLS);
  });

  it('CARDPAY_API_URL, ONLINEPAY_API_URL, CHECKOUT_API_URL point elsewhere (sandbox, fake), without trailing slash', () => {
    const urls = load({
      CARDPAY_API_URL: 'http://127.0.0.1:4010/',
      ONLINEPAY_API_URL: 'https://sandbox.example.com',
      CHECKOUT_API_URL: 'http://localhost:12111',
    }).paymentApiUrls;
    assert.deepEqual(urls, {
      cardpay: 'http://127.0.0.1:4010',
      onlinepay: 'https://sandbox.example.com',
      checkout: 'http://localhost:12111',
    });
  });

  it('a value that is not an http(s) URL stops the start with a configuration error', () => {
    assert.throws(() => load({ CHECKOUT_API_URL: 'api.stripe.com' }), ConfigError);
    assert.throws(() => load({ ONLINEPAY_API_URL: 'ftp://mollie' }), ConfigError);
  });
});
