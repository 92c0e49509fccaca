// A labelled control with its hint and error, wired for assistive technology
// (aria-invalid, aria-describedby). Inputs are uncontrolled: what a visitor typed before the
// island hydrated stays, and FormData reads the values on submit.
import { Children, cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

type ControlProps = { id?: string; 'aria-invalid'?: boolean | undefined; 'aria-describedby'?: string | undefined; required?: boolean };

type Props = {
  label: string;
  /** Shown after the label when the field may be left empty. */
  optional?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  /** One <input>, <select> or <textarea>. */
  children: ReactElement<ControlProps>;
  className?: string;
};

export default function FormField({ label, optional = false, hint, error, children, className }: Props) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control = Children.only(children);
  const described = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['form-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="form-field__label">
        {label}
        {optional && <span className="form-field__optional"> (optional)</span>}
      </label>
      {hint && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      {isValidElement(control) &&
        cloneElement(control, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described, required: !optional })}
      {error && (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
