import { useEffect, useRef } from 'react';
import { usePopup } from './PopupContext';

/** Offers the link made earlier for the same page and domain before making another one. */
export function DuplicateOffer() {
  const duplicate = usePopup((s) => s.duplicate);
  const useExisting = usePopup((s) => s.useExisting);
  const createAnyway = usePopup((s) => s.createAnyway);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (duplicate) first.current?.focus();
  }, [duplicate]);
  if (!duplicate) return null;
  return (
    <div className="notice" role="group" aria-labelledby="duplicate-text">
      <p id="duplicate-text">
        You already shortened this page: <span className="mono">{duplicate.shortUrl}</span>
      </p>
      <div className="row">
        <button type="button" ref={first} className="primary" onClick={() => void useExisting()}>
          Use existing
        </button>
        <button type="button" onClick={() => void createAnyway()}>
          Create new anyway
        </button>
      </div>
    </div>
  );
}
