import { useState, type ComponentType, type ReactNode } from 'react';
import type { OrgPart } from '@/lib/links/orgRules';
import { t, type MessageKey } from '@/lib/i18n';
import { Feedback } from './Feedback';
import { ManagedItem } from './ManagedItem';

/** The form that makes the user's own item from one of the organisation's (its values to start with; the organisation's stays). */
export type CopyForm<T> = ComponentType<{ item: T; copy: true; onClose: (note?: string) => void }>;

/**
 * "Set by your organisation": the policy's presets or rules for this service, and what `locked`
 * means for them. Locked, they have nothing to edit (the note says why); unlocked, each has Edit,
 * whose save becomes the user's own under "Your own" while the organisation's stays listed here.
 */
export function OrgItems<T extends { id: string }>({
  part,
  notes,
  view,
  label,
  Form,
}: {
  part: OrgPart<T[]> | undefined;
  notes: { locked: MessageKey; open: MessageKey };
  view: (item: T) => ReactNode;
  /** Names an item in its buttons' labels ("preset Newsletter"). */
  label: (item: T) => string;
  Form: CopyForm<T>;
}) {
  const [note, setNote] = useState<string | null>(null);
  if (!part || part.value.length === 0) return null;
  return (
    <>
      <section className="org-items" aria-label={t('optionsOrgHeading')}>
        <h3>{t('optionsOrgHeading')}</h3>
        <p className="muted managed-note">{t(part.locked ? notes.locked : notes.open)}</p>
        <ul className="items">
          {part.value.map((item) =>
            part.locked ? (
              <li key={item.id} className="item">
                <div className="item-main">{view(item)}</div>
              </li>
            ) : (
              <ManagedItem
                key={item.id}
                label={label(item)}
                view={view(item)}
                renderEdit={(close) => <Form item={item} copy onClose={close} />}
                onSaved={setNote}
              />
            ),
          )}
        </ul>
        {!part.locked && <Feedback error={null} note={note} />}
      </section>
      <h3>{t('optionsOwnHeading')}</h3>
    </>
  );
}
