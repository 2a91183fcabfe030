import { useRef, type FormEvent } from 'react';
import type { Checked } from '@/lib/ui/optionsForms';
import { focusField, useAction, type RunOptions } from './useAction';

export interface SubmitSteps<A> {
  /** Reads and checks the fields (nothing is sent when a field is bad). */
  check: () => Checked<A>;
  /** Sends the checked values; a resolved text becomes the note. */
  run: (args: A) => Promise<string | void>;
  /** Empties the fields after a success (add forms). */
  reset?: () => void;
  describe?: RunOptions['describe'];
}

/** The one submit of every options form: check → on a bad field say so and focus it → send → reset. */
export function useSubmit<A>(steps: SubmitSteps<A>) {
  const action = useAction();
  const form = useRef<HTMLFormElement>(null);
  const latest = useRef(steps);
  latest.current = steps;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const { check, run, reset, describe } = latest.current;
    const checked = check();
    if (!checked.ok) {
      action.fail(checked.message);
      focusField(form.current, checked.field);
      return;
    }
    const ok = await action.run(() => run(checked.data), { describe });
    if (ok) reset?.();
  }

  return { form, action, onSubmit };
}

export type Submit = ReturnType<typeof useSubmit>;
