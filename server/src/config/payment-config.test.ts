import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { configRefusal as refusal, PRODUCTION_ENV as PRODUCTION, type Env } from '../test-support/config-refusals.js';

const PAYME: Env = {
  PAYMENT_PROCESSOR_URL: 'https://checkout.paycom.uz/api',
  PAYMENT_MERCHANT_ID: '5e730e8e0b852a417aa49ceb',
  PAYMENT_MERCHANT_KEY: 'merchant-key',
};

describe('the payment processor configuration', () => {
  it('is the sandbox on SANDBOX_PORT with its development merchant outside production', () => {
    expect(loadConfig({}).payments).toEqual({
      processor: {
        url: 'http://127.0.0.1:8083/api',
        merchantId: 'kirish-sandbox-merchant',
        merchantKey: 'kirish-sandbox-key-not-for-production',
        sandbox: true,
      },
      sandboxPort: 8083,
    });
    expect(loadConfig({ SANDBOX_PORT: '9083' }).payments.processor?.url).toBe('http://127.0.0.1:9083/api');
    expect(refusal({ SANDBOX_PORT: '8080' })).toMatch(/^SANDBOX_PORT must be a port other than PORT/);
  });

  it('is the configured processor when all three are set, and none in production when none is', () => {
    expect(loadConfig({ ...PRODUCTION, ...PAYME }).payments).toEqual({
      processor: {
        url: 'https://checkout.paycom.uz/api',
        merchantId: '5e730e8e0b852a417aa49ceb',
        merchantKey: 'merchant-key',
        sandbox: false,
      },
      sandboxPort: null,
    });
    expect(loadConfig(PRODUCTION).payments).toEqual({ processor: null, sandboxPort: null });
  });

  it('stops the start on some but not all of the three, and on plain http in production', () => {
    expect(refusal({ PAYMENT_MERCHANT_ID: 'x' })).toBe(
      'PAYMENT_PROCESSOR_URL and PAYMENT_MERCHANT_KEY must be set with PAYMENT_MERCHANT_ID: the payment processor needs its URL, the merchant id and its key',
    );
    expect(refusal({ ...PRODUCTION, ...PAYME, PAYMENT_PROCESSOR_URL: 'http://checkout.paycom.uz/api' })).toMatch(
      /^PAYMENT_PROCESSOR_URL must be an https:\/\/ URL/,
    );
  });
});
