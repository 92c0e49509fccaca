// Booking calls of spec §7: availability, prices, the bag, promotion codes on it, checkout and
// the pay calls, orders, required guest details and waitlists.
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { availabilityRoutes } from './availability.ts';
import { cartRoutes } from './cart.ts';
import { checkoutRoutes } from './checkout.ts';

export function bookingRoutes() {
  const app = new Hono<AppEnv>();
  app.route('/', availabilityRoutes());
  app.route('/', cartRoutes());
  app.route('/', checkoutRoutes());
  return app;
}
