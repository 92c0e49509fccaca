// The contact form (POST /contact). Server-rendered by the page and hydrated on first
// interaction (`client:interaction`); uncontrolled fields keep what was typed before that.
import type { ContactBody } from '../../contract/engagement.ts';
import { sendContactMessage } from '../../api-client/engagement.ts';
import FormField from './FormField.tsx';
import { FormDone, FormFooter } from './FormParts.tsx';
import { formValues, useApiForm } from './use-api-form.ts';
import './forms.css';

export type ContactTopic = ContactBody['topic'];

/** The contract's topics (src/contract/engagement.ts CONTACT_TOPICS), as travellers read them. */
export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  booking: 'A booking',
  payment: 'A payment or refund',
  partnership: 'Partnering with Verdant',
  press: 'Press and media',
  feedback: 'Feedback on the site',
  other: 'Something else',
};

type Props = { defaultTopic?: ContactTopic };

async function send(form: HTMLFormElement) {
  const v = formValues(form);
  const text = (key: string) => (typeof v[key] === 'string' ? v[key].trim() : '');
  const body: ContactBody = {
    name: text('name'),
    email: text('email'),
    topic: text('topic') as ContactTopic,
    message: text('message'),
    ...(text('bookingReference') && { bookingReference: text('bookingReference') }),
  };
  const { data } = await sendContactMessage(body);
  return { reference: data.reference, email: body.email };
}

export default function ContactForm({ defaultTopic }: Props) {
  const { state, onSubmit, fieldError, reset, sending } = useApiForm(send);

  if (state.status === 'sent') {
    return (
      <FormDone title="Thank you, we have your message" againLabel="Send another message" onAgain={reset}>
          Your reference is <strong>{state.result.reference}</strong>. A copy is on its way to <strong>{state.result.email}</strong>, and we
          usually reply within one working day.
      </FormDone>
    );
  }

  return (
    <form className="api-form" onSubmit={onSubmit} noValidate aria-busy={sending}>
      <div className="api-form__row">
        <FormField label="Your name" error={fieldError('name')}>
          <input name="name" type="text" autoComplete="name" maxLength={120} />
        </FormField>
        <FormField label="Email" error={fieldError('email')}>
          <input name="email" type="email" autoComplete="email" maxLength={254} />
        </FormField>
      </div>
      <div className="api-form__row">
        <FormField label="What is it about?" error={fieldError('topic')}>
          <select name="topic" defaultValue={defaultTopic ?? ''}>
            <option value="" disabled>
              Choose a topic
            </option>
            {Object.entries(CONTACT_TOPIC_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Booking reference" optional hint="If your message is about a booking" error={fieldError('bookingReference')}>
          <input name="bookingReference" type="text" maxLength={40} autoComplete="off" />
        </FormField>
      </div>
      <FormField label="Your message" error={fieldError('message')}>
        <textarea name="message" rows={6} maxLength={5000} />
      </FormField>
      <FormFooter state={state} sending={sending} submitLabel="Send message" />
    </form>
  );
}
