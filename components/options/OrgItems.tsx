import type { ReactNode } from 'react';
import type { OrgPart } from '@/lib/links/orgRules';
import { t, type MessageKey } from '@/lib/i18n';

/**
 * "Set by your organisation": the policy's presets or rules for this service, read-only (nothing
 * to edit or delete; the user adds their own in the list below, under "Your own"), and what
 * `locked` means for them.
 */
export function OrgItems<T extends { id: string }>({
  part,
  notes,
  view,
}: {
  part: OrgPart<T[]> | undefined;
  notes: { locked: MessageKey; open: MessageKey };
  view: (item: T) => ReactNode;
}) {
  if (!part || part.value.length === 0) return null;
  return (
    <>
      <section className="org-items" aria-label={t('optionsOrgHeading')}>
        <h3>{t('optionsOrgHeading')}</h3>
        <p className="muted managed-note">{t(part.locked ? notes.locked : notes.open)}</p>
        <ul className="items">
          {part.value.map((item) => (
            <li key={item.id} className="item">
              <div className="item-main">{view(item)}</div>
            </li>
          ))}
        </ul>
      </section>
      <h3>{t('optionsOwnHeading')}</h3>
    </>
  );
}
