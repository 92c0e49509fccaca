// A phone number with its country (spec §5): validated for the chosen country with
// libphonenumber-js; SG, VN and MY first. Answers E.164 (+6591234567) to its owner.
import { getCountries, getCountryCallingCode, isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { useId, useMemo } from 'react';

export const PREFERRED: CountryCode[] = ['SG', 'VN', 'MY'];

export function countryOptions(): { code: CountryCode; label: string }[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    names = undefined;
  }
  const label = (c: CountryCode) => `${names?.of(c) ?? c} (+${getCountryCallingCode(c)})`;
  const rest = getCountries()
    .filter((c) => !PREFERRED.includes(c))
    .map((code) => ({ code, label: label(code) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return [...PREFERRED.map((code) => ({ code, label: label(code) })), ...rest];
}

/**
 * The phone fields of a form, read from the fields themselves (E.164 when valid), so a number
 * the browser autofilled without an input event counts; callers copy them into their state, so
 * the controlled fields keep them on the next render (docs/decisions/0017).
 */
export function phoneOfForm(form: HTMLFormElement): { country: CountryCode; number: string; e164: string | undefined } {
  const data = new FormData(form);
  const country = String(data.get('phoneCountry') ?? '') as CountryCode;
  const number = String(data.get('phoneNumber') ?? '');
  return { country, number, e164: toE164(country, number) };
}

/** E.164 when the number is valid for the country, else undefined. */
export function toE164(country: CountryCode, national: string): string | undefined {
  const value = national.trim();
  if (!value) return undefined;
  try {
    if (!isValidPhoneNumber(value, country)) return undefined;
    return parsePhoneNumberFromString(value, country)?.number;
  } catch {
    return undefined;
  }
}

export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

type Props = {
  country: CountryCode;
  number: string;
  onCountry: (c: CountryCode) => void;
  onNumber: (n: string) => void;
  error?: string | undefined;
  label?: string;
};

export default function PhoneField({ country, number, onCountry, onNumber, error, label = 'WhatsApp number' }: Props) {
  const id = useId();
  const options = useMemo(countryOptions, []);
  return (
    <fieldset className="auth-phone">
      <legend className="form-field__label">{label}</legend>
      <div className="auth-phone__row">
        <label className="visually-hidden" htmlFor={`${id}-country`}>
          Country
        </label>
        <select id={`${id}-country`} name="phoneCountry" value={country} onChange={(e) => onCountry(e.currentTarget.value as CountryCode)} autoComplete="tel-country-code">
          {options.map((o, i) => (
            <option key={o.code} value={o.code} data-divider={i === PREFERRED.length - 1 ? '' : undefined}>
              {o.label}
            </option>
          ))}
        </select>
        <label className="visually-hidden" htmlFor={`${id}-number`}>
          Phone number
        </label>
        <input
          id={`${id}-number`}
          name="phoneNumber"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={number}
          onChange={(e) => onNumber(e.currentTarget.value)}
          placeholder={country === 'SG' ? '9123 4567' : ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      {error && (
        <p className="form-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
