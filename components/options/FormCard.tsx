import type { ReactNode, Ref } from 'react';
import { onEscape } from '@/components/common/ConfirmInline';
import { Feedback } from './Feedback';
import { FormActions } from './FormActions';
import { useSectionStatus } from './sectionStatus';
import type { Submit } from './useSubmit';

/** The frame of every options form: named form, legend, the fields, submit (and Cancel, also on Escape), then its outcome. */
export function FormCard({
  label,
  legend = label,
  submit,
  submitLabel,
  onCancel,
  showNote = !onCancel,
  primary,
  submitRef,
  after,
  children,
}: {
  /** The form's accessible name ("New channel"). */
  label: string;
  legend?: string;
  submit: Submit;
  submitLabel: string;
  onCancel?: () => void;
  /** Whether the success note shows here (add forms; an edit form closes instead). */
  showNote?: boolean;
  primary?: boolean;
  submitRef?: Ref<HTMLButtonElement>;
  /** Shown between the fields and the outcome (a confirmation). */
  after?: ReactNode;
  children: ReactNode;
}) {
  const { form, action, onSubmit, onInput } = submit;
  // In a list section, its note and the section's are one status: the newer replaces the older.
  useSectionStatus(showNote ? action.note : null, action.setNote);
  return (
    <form
      ref={form}
      className="stack card"
      onSubmit={onSubmit}
      onInput={onInput}
      noValidate
      aria-label={label}
      aria-busy={action.busy}
      onKeyDown={onEscape(onCancel)}
    >
      <fieldset>
        <legend>{legend}</legend>
        {children}
        <FormActions submitLabel={submitLabel} onCancel={onCancel} primary={primary} submitRef={submitRef} />
      </fieldset>
      {after}
      <Feedback error={action.error} note={showNote ? action.note : undefined} busy={action.busy} />
    </form>
  );
}
