import { createContext, useContext, type ReactNode } from 'react';
import { PartBoundary } from '@/components/common/PartBoundary';
import { PartFailed } from '@/components/common/PartFailed';

const SectionTitle = createContext('');

/** A page section: a region named by its h2 heading; a body that fails says so under it, the other sections stay. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="section" aria-labelledby={`${id}-heading`}>
      {/* Focusable by the page (a section link moves the keyboard here), not in the Tab order. */}
      <h2 id={`${id}-heading`} tabIndex={-1}>
        {title}
      </h2>
      <SectionTitle.Provider value={title}>
        <PartBoundary Fallback={PartFailed}>{children}</PartBoundary>
      </SectionTitle.Provider>
    </section>
  );
}

/** The title of the section around (names its list). */
export const useSectionTitle = () => useContext(SectionTitle);
