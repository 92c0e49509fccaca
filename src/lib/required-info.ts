// The details an operator needs about each guest before the day (spec §3 OrderItem
// requiredCustomerInfos): a name always; date of birth where there is an age limit or a
// multi-day trip; nationality and passport where park or marine permits are issued in the
// guest's name. Pure: the checkout asks for them and the server checks them.
export const CUSTOMER_FIELDS = ['fullName', 'dateOfBirth', 'nationality', 'passportNumber'] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];
export type CustomerInfo = Partial<Record<CustomerField, string | undefined>>;

export type RequirementOption = {
  kind: 'stay' | 'short_adventure' | 'flexible_adventure' | 'adventure';
  yachtTrip: boolean;
  minAge: number | null;
  durationDays: number | null;
};

export function requiredCustomerInfos(o: RequirementOption): CustomerField[] {
  const fields = new Set<CustomerField>(['fullName']);
  const multiDay = o.kind === 'adventure' || (o.durationDays ?? 0) > 1;
  if (o.minAge !== null || multiDay || o.yachtTrip) fields.add('dateOfBirth');
  if (multiDay || o.yachtTrip) fields.add('nationality');
  if (o.yachtTrip) fields.add('passportNumber');
  return CUSTOMER_FIELDS.filter((f) => fields.has(f));
}

export const CUSTOMER_FIELD_LABELS: Record<CustomerField, string> = {
  fullName: 'Full name (as on ID)',
  dateOfBirth: 'Date of birth',
  nationality: 'Nationality',
  passportNumber: 'Passport number',
};

const MESSAGES: Record<CustomerField, string> = {
  fullName: 'Please enter the guest’s full name',
  dateOfBirth: 'Please enter a valid date of birth',
  nationality: 'Please enter a nationality',
  passportNumber: 'Please enter a valid passport number',
};

/** Field → message for what is missing or malformed; empty when the guest is complete. */
export function customerProblems(fields: readonly CustomerField[], info: CustomerInfo, today: string): Partial<Record<CustomerField, string>> {
  const out: Partial<Record<CustomerField, string>> = {};
  for (const f of fields) {
    const v = (info[f] ?? '').trim();
    const ok =
      f === 'dateOfBirth'
        ? /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && v < today && v > '1900-01-01'
        : f === 'passportNumber'
          ? /^[A-Z0-9]{5,20}$/i.test(v)
          : v.length >= 2 && v.length <= 120;
    if (!ok) out[f] = MESSAGES[f];
  }
  return out;
}
