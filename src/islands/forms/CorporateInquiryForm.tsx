// The corporate experiences inquiry (POST /corporate-inquiries). Server-rendered by the page
// and hydrated on first interaction (`client:interaction`).
import type { CorporateInquiryBody } from '../../contract/engagement.ts';
import { sendCorporateInquiry } from '../../api-client/engagement.ts';
import FormField from './FormField.tsx';
import { FormDone, FormFooter } from './FormParts.tsx';
import { formValues, useApiForm } from './use-api-form.ts';
import './forms.css';

type Props = {
  /** Destination names offered as checkboxes (e.g. the countries); a free text field without them. */
  destinations?: readonly string[];
  /** Currencies for the budget; the first is preselected. */
  currencies?: readonly string[];
};

const DEFAULT_CURRENCIES = ['SGD', 'USD', 'MYR', 'EUR', 'GBP', 'AUD'];

async function send(form: HTMLFormElement) {
  const v = formValues(form);
  const text = (key: string) => (typeof v[key] === 'string' ? v[key].trim() : '');
  const list = (key: string) => {
    const raw = v[key];
    const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
    return items.map((s) => s.trim()).filter(Boolean);
  };
  const budget = text('budgetPerPerson');
  const body: CorporateInquiryBody = {
    name: text('name'),
    email: text('email'),
    company: text('company'),
    groupSize: text('groupSize') === '' ? undefined : Number(text('groupSize')),
    preferredDates: text('preferredDates'),
    destinations: list('destinations'),
    message: text('message'),
    ...(text('phoneNumber') && { phoneNumber: text('phoneNumber') }),
    ...(budget !== '' && { budgetPerPerson: Number(budget), budgetCurrency: text('budgetCurrency') }),
  };
  const { data } = await sendCorporateInquiry(body);
  return { reference: data.reference, email: body.email };
}

export default function CorporateInquiryForm({ destinations, currencies = DEFAULT_CURRENCIES }: Props) {
  const { state, onSubmit, fieldError, reset, sending } = useApiForm(send);

  if (state.status === 'sent') {
    return (
      <FormDone title="Thank you, your inquiry is with our corporate team" againLabel="Send another inquiry" onAgain={reset}>
          Your reference is <strong>{state.result.reference}</strong>. We have sent a copy to <strong>{state.result.email}</strong> and will
          come back to you within two working days with ideas and prices.
      </FormDone>
    );
  }

  return (
    <form className="api-form" onSubmit={onSubmit} noValidate aria-busy={sending}>
      <div className="api-form__row">
        <FormField label="Your name" error={fieldError('name')}>
          <input name="name" type="text" autoComplete="name" maxLength={120} />
        </FormField>
        <FormField label="Work email" error={fieldError('email')}>
          <input name="email" type="email" autoComplete="email" maxLength={254} />
        </FormField>
      </div>
      <div className="api-form__row">
        <FormField label="Company" error={fieldError('company')}>
          <input name="company" type="text" autoComplete="organization" maxLength={160} />
        </FormField>
        <FormField label="Phone" optional error={fieldError('phoneNumber')}>
          <input name="phoneNumber" type="tel" autoComplete="tel" maxLength={32} />
        </FormField>
      </div>
      <div className="api-form__row">
        <FormField label="Group size" error={fieldError('groupSize')}>
          <input name="groupSize" type="number" inputMode="numeric" min={1} max={10000} step={1} />
        </FormField>
        <FormField label="Preferred dates" optional hint="A season or a range is fine" error={fieldError('preferredDates')}>
          <input name="preferredDates" type="text" maxLength={200} />
        </FormField>
      </div>
      {destinations && destinations.length > 0 ? (
        <fieldset className="api-form__choices">
          <legend className="form-field__label">
            Destinations you have in mind <span className="form-field__optional">(optional)</span>
          </legend>
          <div className="api-form__chips">
            {destinations.map((d) => (
              <label key={d} className="api-form__chip">
                <input type="checkbox" name="destinations" value={d} />
                <span>{d}</span>
              </label>
            ))}
          </div>
          {fieldError('destinations') && <p className="form-field__error">{fieldError('destinations')}</p>}
        </fieldset>
      ) : (
        <FormField label="Destinations you have in mind" optional hint="Separate them with commas" error={fieldError('destinations')}>
          <input name="destinations" type="text" maxLength={400} />
        </FormField>
      )}
      <div className="api-form__row api-form__row--budget">
        <FormField label="Budget per person" optional error={fieldError('budgetPerPerson')}>
          <input name="budgetPerPerson" type="number" inputMode="numeric" min={0} step={1} />
        </FormField>
        <FormField label="Currency" optional error={fieldError('budgetCurrency')}>
          <select name="budgetCurrency" defaultValue={currencies[0]}>
            {currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField label="Tell us about your group" optional hint="Occasion, interests, accessibility needs, anything that helps" error={fieldError('message')}>
        <textarea name="message" rows={5} maxLength={5000} />
      </FormField>
      <FormFooter state={state} sending={sending} submitLabel="Send inquiry" />
    </form>
  );
}
