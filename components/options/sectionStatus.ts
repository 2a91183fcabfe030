import { createContext, useContext, useEffect, useRef } from 'react';

/**
 * One status at a time in a list section (ListView): the section's own note (what happened to an
 * item that left the list: "Channel deleted.") and its create form's note ("Channel created.")
 * replace each other, so an old note is never left beside a newer one.
 */
export interface SectionStatus {
  /** Counts the section's own notes: each new one clears the form's. */
  said: number;
  /** The create form said something: the section's own note goes. */
  formSaid(): void;
}

export const SectionStatusContext = createContext<SectionStatus | null>(null);

/** For a form's note in a list section (FormCard): its note clears the section's, and a newer section note clears it. */
export function useSectionStatus(note: string | null | undefined, setNote: (note: string | null) => void): void {
  const section = useContext(SectionStatusContext);
  const said = section?.said ?? 0;
  const seen = useRef(said);
  const formSaid = section?.formSaid;
  useEffect(() => {
    if (note) formSaid?.();
  }, [note, formSaid]);
  useEffect(() => {
    if (said === seen.current) return;
    seen.current = said;
    setNote(null);
  }, [said, setNote]);
}
