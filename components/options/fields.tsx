import { useCallback, useRef, useState, type InputHTMLAttributes } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'checked' | 'type'>;

/** A labelled text input of an options form (the label names the field in messages and for screen readers). */
export function TextField({
  id,
  label,
  value,
  onChange,
  type,
  ...rest
}: { id: string; label: string; value: string; onChange: (v: string) => void; type?: string } & InputProps) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} value={value} onChange={(e) => onChange(e.target.value)} {...rest} />
    </>
  );
}

/** A labelled checkbox of an options form. */
export function CheckField({
  id,
  label,
  checked,
  onChange,
  ...rest
}: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void } & InputProps) {
  return (
    <div className="check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} {...rest} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** The values of a form's fields, a setter per field and a reset to the first values. */
export function useFields<F extends Record<string, string | boolean>>(initial: F) {
  const first = useRef(initial);
  const [fields, setFields] = useState(initial);
  const set = useCallback(
    <K extends keyof F>(key: K) =>
      (value: F[K]) =>
        setFields((old) => ({ ...old, [key]: value })),
    [],
  );
  const reset = useCallback(() => setFields(first.current), []);
  return { fields, set, reset };
}
