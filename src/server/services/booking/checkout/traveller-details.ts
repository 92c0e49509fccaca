// Validation of the traveller's contact details and the guests' required details.
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import type { z } from 'zod';
import type { PayBody } from '../../../../contract/booking.ts';
import { customerProblems, type CustomerField } from '../../../../lib/required-info.ts';
import { HttpError } from '../../../http.ts';

type Contact = NonNullable<z.output<typeof PayBody>['contact']>;

export function checkContact(contact: Contact | undefined): Contact {
  if (!contact) throw new HttpError(422, 'Please enter your contact details', { fields: { contact: 'Please enter your contact details' } });
  if (contact.phone && !isValidPhoneNumber(contact.phone, 'SG')) {
    throw new HttpError(422, 'Please input a valid phone number', { fields: { 'contact.phone': 'Please input a valid phone number' } });
  }
  return contact;
}

const snake = (s: string) => s.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);

export function checkCustomers(fields: CustomerField[], customers: Record<string, string | undefined>[] | undefined, guests: number, today: string) {
  const list = customers ?? [];
  if (list.length !== guests) {
    throw new HttpError(422, `Please give the details of all ${guests} guests`, { fields: { customers: `Please give the details of all ${guests} guests` } });
  }
  const problems: Record<string, string> = {};
  list.forEach((c, i) => {
    for (const [f, message] of Object.entries(customerProblems(fields, c, today))) problems[`customers.${i}.${snake(f)}`] = message as string;
  });
  const first = Object.entries(problems)[0];
  if (first) throw new HttpError(422, first[1], { fields: problems });
  return list.map((c) => Object.fromEntries(fields.map((f) => [f, (c[f] ?? '').trim()])) as Record<string, string>);
}
