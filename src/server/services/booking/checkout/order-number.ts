// Order numbers: VRD-XXXX-XXXX in Crockford base 32, checked free before use.
import { eq } from 'drizzle-orm';
import { orders } from '../../../db/schema.ts';
import { randomId } from '../../secrets.ts';
import type { Tx } from './deps.ts';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function newOrderNumber(): string {
  const bytes = randomId(12);
  let out = '';
  for (let i = 0; i < 8; i++) out += CROCKFORD[bytes.charCodeAt(i) % 32];
  return `VRD-${out.slice(0, 4)}-${out.slice(4)}`;
}

export async function freeOrderNumber(tx: Tx): Promise<string> {
  for (let i = 0; i < 5; i++) {
    const n = newOrderNumber();
    const [taken] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.number, n));
    if (!taken) return n;
  }
  throw new Error('could not find a free order number');
}
