import { useEffect, useState } from 'react';

/**
 * False for the popup's first render, true right after it: what is not on the first screen is
 * only rendered (and its lazy chunk only requested) once the form is on screen.
 */
export function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    // A timer, not requestAnimationFrame: a popup loaded in a background tab gets no frames.
    const id = setTimeout(() => setAfter(true), 0);
    return () => clearTimeout(id);
  }, []);
  return after;
}
