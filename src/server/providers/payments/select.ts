// Chooses the payment provider from the configuration: Stripe when its keys are set (or
// PAYMENT_PROVIDER=stripe), the built-in test gateway otherwise.
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from './port.ts';
import { createStripeProvider } from './stripe.ts';
import { createTestGateway } from './test-gateway.ts';

export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  const p = config.payments;
  if (p.provider === 'stripe') {
    if (!p.stripeSecretKey || !p.stripeWebhookSecret) throw new Error('Stripe is selected but its keys are missing');
    return createStripeProvider({ secretKey: p.stripeSecretKey, webhookSecret: p.stripeWebhookSecret });
  }
  return createTestGateway(db, p.testGatewaySecret);
}
