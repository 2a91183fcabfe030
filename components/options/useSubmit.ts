import { useRef, type FormEvent } from 'react';
import type { FieldProblem } from '@/lib/ui/options/forms';
import type { Checked } from '@/lib/ui/options/forms';
import { fieldProblemSentence } from '@/lib/i18n/issueText';
import { fieldByName, focusField, useAction, type RunOptions } from './useAction';

export interface SubmitSteps<A> {
  /** Reads and checks the fields (nothing is sent when a field is bad). */
  check: () => Checked<A>;
  /** Sends the checked values; a resolved text becomes the note. */
  run: (args: A) => Promise<string | void>;
  /** Empties the fields after a success (add forms), unless they were edited meanwhile. */
  reset?: () => void;
  describe?: RunOptions['describe'];
}

/** The visible label of a field, in words ("New password"), or null. */
function labelOf(el: HTMLElement): string | null {
  const label = el.id ? [...el.ownerDocument.querySelectorAll('label')].find((l) => l.htmlFor === el.id) : el.closest('label');
  const text = label?.textContent?.trim();
  return text || el.getAttribute('aria-label');
}

/** A failure's sentence, naming the field by its visible label when the problem alone is known. */
function failureText(form: HTMLFormElement | null, failed: FieldProblem): string {
  const el = fieldByName(form, failed.field);
  const label = el && labelOf(el);
  return label && failed.problem ? fieldProblemSentence(label, failed.problem) : failed.message;
}

/** Marks the bad fields (aria-invalid) and unmarks the others. */
function markInvalid(form: HTMLFormElement | null, fields: string[]): void {
  form?.querySelectorAll('[aria-invalid="true"]').forEach((el) => el.removeAttribute('aria-invalid'));
  for (const field of fields) fieldByName(form, field)?.setAttribute('aria-invalid', 'true');
}

/**
 * The one submit of every options form: check → on bad fields say each with its label, mark them
 * and focus the first → send → reset (only when the fields still hold what was sent).
 */
export function useSubmit<A>(steps: SubmitSteps<A>) {
  const action = useAction();
  const form = useRef<HTMLFormElement>(null);
  const latest = useRef(steps);
  latest.current = steps;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const { check, run, describe } = latest.current;
    const checked = check();
    if (!checked.ok) {
      // Every bad field is said (each once) and marked; the first takes the focus.
      const all = [checked, ...(checked.more ?? [])];
      action.fail([...new Set(all.map((p) => failureText(form.current, p)))].join(' '));
      markInvalid(
        form.current,
        all.map((p) => p.field),
      );
      focusField(form.current, checked.field);
      return;
    }
    markInvalid(form.current, []);
    const sent = JSON.stringify(checked.data);
    const ok = await action.run(() => run(checked.data), { describe });
    if (!ok) return;
    // Typed again while this was being sent: those values are the next item, kept.
    const now = latest.current.check();
    if (now.ok && JSON.stringify(now.data) === sent) latest.current.reset?.();
  }

  /** An edited field is no longer marked bad. */
  function onInput(e: FormEvent) {
    (e.target as HTMLElement).removeAttribute?.('aria-invalid');
  }

  return { form, action, onSubmit, onInput };
}

export type Submit = ReturnType<typeof useSubmit>;
