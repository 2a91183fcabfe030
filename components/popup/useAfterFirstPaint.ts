import { useEffect, useState } from 'react';

/**
 * Runs `run` in a task of its own, after the task that drew the popup's first render (React may
 * run a render's effects in that same task, before the browser can paint). Returns the cancel.
 * A timer, not requestAnimationFrame: a popup loaded in a background tab gets no frames.
 */
export function afterFirstPaint(run: () => void): () => void {
  const id = setTimeout(run, 0);
  return () => clearTimeout(id);
}

/**
 * False for the popup's first render, true right after it: what is not on the first screen is
 * only rendered (and its lazy chunk only requested) once the form is on screen.
 */
export function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    return afterFirstPaint(() => setAfter(true));
  }, []);
  return after;
}
