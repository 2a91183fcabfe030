import { useCallback, useEffect, useRef, useState } from 'react';
import { errorSentence } from '@/lib/i18n/errorText';
import { t } from '@/lib/i18n';
import { clock } from '@/lib/i18n/format';
import { useOptions } from './OptionsContext';

export interface RunOptions {
  /** While one runs, another is refused (a double submit); false lets them queue (preferences). */
  exclusive?: boolean;
  /** The sentence for a failure (default: the page's error text). */
  describe?: (err: unknown) => string;
}

/** Busy flag, failure text and success note of one user action (a form, a delete). */
export function useAction() {
  const rateWaitUntil = useOptions((s) => s.rateWaitUntil);
  const waitUntil = useRef(rateWaitUntil);
  waitUntil.current = rateWaitUntil;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const mounted = useRef(true);
  const running = useRef(0);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /**
   * Runs `fn`; its resolved text becomes the note, a rejection the failure text. True on success.
   * A press while one runs is refused with its reason (unless `exclusive` is false: it then queues).
   * `fn` starts synchronously (a permission request stays inside the user's gesture). Controls
   * stay enabled meanwhile, so keyboard focus is never lost to a disabled button.
   */
  const run = useCallback(async (fn: () => Promise<string | void>, opts: RunOptions = {}): Promise<boolean> => {
    if (opts.exclusive !== false && running.current > 0) {
      // Every press is sent or refused with its reason: this one is refused, and says why.
      const until = waitUntil.current;
      if (mounted.current) setError(until !== null ? t('optionsPressRefusedWaiting', clock(until)) : t('optionsPressRefusedBusy'));
      return false;
    }
    running.current++;
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      const done = await fn();
      if (mounted.current) setNote(done || null);
      return true;
    } catch (err) {
      if (mounted.current) setError((opts.describe ?? ((err: unknown) => errorSentence(err, 'options')))(err));
      return false;
    } finally {
      running.current--;
      if (mounted.current && running.current === 0) setBusy(false);
    }
  }, []);

  /** Shows a failure found before sending (a bad field). */
  const fail = useCallback((message: string) => {
    setNote(null);
    setError(message);
  }, []);

  /** Clears the failure and the note. */
  const clear = useCallback(() => {
    setError(null);
    setNote(null);
  }, []);

  return { busy, error, note, run, fail, clear, setNote };
}

/** The element of `form` a check names (by its `name` attribute): the one lookup of every options form. */
export function fieldByName(form: HTMLFormElement | null, field: string): HTMLElement | null {
  return form?.querySelector<HTMLElement>(`[name="${field.replace(/["\\]/g, '\\$&')}"]`) ?? null;
}

/** Moves focus to the field named `field` in `form` (the one a validation message names). */
export function focusField(form: HTMLFormElement | null, field: string): void {
  fieldByName(form, field)?.focus();
}
