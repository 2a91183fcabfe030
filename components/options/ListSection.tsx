import { useCallback, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { ListFinder, PAGE_SIZE, usePages } from './ListFinder';
import type { ListName } from '@/lib/api';
import type { ListItems, Mutation } from '@/lib/messaging';
import { t, type MessageKey } from '@/lib/i18n';
import { ListStatus, plural } from './ListStatus';
import { ManagedItem, type ItemDetails } from './ManagedItem';
import { useMutate, useOptions } from './OptionsContext';
import { useSectionTitle } from './Section';
import { SectionStatusContext } from './sectionStatus';

/** The words of one list: its Refresh button, its count (one / many) and its empty text. */
export interface ListTexts {
  refresh: MessageKey;
  one: MessageKey;
  many: MessageKey;
  empty: MessageKey;
}

/** A create-or-edit form of a list's items: without `item` it creates one; an update closes it with a note. */
export type ItemForm<T> = ComponentType<{ item?: T; onClose?: (note?: string) => void }>;

/** How the items of a list are shown and managed. */
export interface ItemSpec<T> {
  key: (item: T, index: number) => string | number;
  /** Names the item in button labels ("channel Spring launch"). */
  label: (item: T) => string;
  view: (item: T) => ReactNode;
  /** The create form under the list and the edit form of an item. */
  Form?: ItemForm<T>;
  /** The change that deletes an item. */
  remove?: (item: T) => Mutation;
  /** The note after a delete ("Channel deleted.") and what a delete also does, if anything. */
  deletedNote?: MessageKey;
  deleteConsequence?: MessageKey;
  /** Whether this item can be edited and deleted (shared domains cannot). */
  managed?: (item: T) => boolean;
  details?: (item: T) => ItemDetails;
}

/** How the items of a list kept in this browser (not the service's) are shown and managed. */
export interface LocalItemSpec<T> extends Omit<ItemSpec<T>, 'remove'> {
  /** Deletes an item (resolves when it is gone). */
  remove?: (item: T) => Promise<unknown>;
  /** More buttons of an item (Move up, Move down). */
  actions?: (item: T, index: number) => ReactNode;
}

/**
 * The one skeleton of a list section: list status, the empty text, the items (each with its
 * Edit, Delete and details), a live note (what happened to an item that left the list) and
 * the create form; one of these notes at a time (sectionStatus.ts).
 */
export function ListSection<N extends ListName>({ name, texts, item: spec }: { name: N; texts: ListTexts; item: ItemSpec<ListItems[N]> }) {
  const list = useOptions((s) => s.lists[name]);
  const loadList = useOptions((s) => s.loadList);
  const mutate = useMutate(name);
  const { remove } = spec;
  return (
    <ListView<ListItems[N]>
      items={(list.items ?? list.arriving?.items ?? null) as ListItems[N][] | null}
      head={
        <ListStatus
          state={list}
          refreshLabel={t(texts.refresh)}
          count={plural(texts.one, texts.many)}
          onRefresh={() => void loadList(name, true)}
        />
      }
      empty={texts.empty}
      item={{ ...spec, remove: remove && ((item: ListItems[N]) => mutate(remove(item))) }}
    />
  );
}

/** The skeleton's body for any list: the head given, the items, the live note and the create form. */
export function ListView<T>({
  items,
  head,
  empty,
  item: spec,
}: {
  items: T[] | null;
  head: ReactNode;
  empty: MessageKey;
  item: LocalItemSpec<T>;
}) {
  const title = useSectionTitle();
  const [note, setNote] = useState<string | null>(null);
  // One status at a time: a delete's note clears the create form's, and the form's clears it (sectionStatus.ts).
  const [said, setSaid] = useState(0);
  const sectionNote = useCallback((n: string) => (setNote(n), setSaid((k) => k + 1)), []);
  const formSaid = useCallback(() => setNote(null), []);
  const status = useMemo(() => ({ said, formSaid }), [said, formSaid]);
  const { Form, remove } = spec;
  const paged = usePages(items ?? [], spec.label);

  const row = (item: T, i: number) => {
    const key = spec.key(item, i);
    if (!Form && !remove && !spec.details)
      return (
        <li key={key} className="item row">
          {spec.view(item)}
        </li>
      );
    const managed = spec.managed?.(item) ?? true;
    const label = spec.label(item);
    const question = t('optionsDeleteQuestion', label);
    return (
      <ManagedItem
        key={key}
        label={label}
        view={spec.view(item)}
        deletedNote={spec.deletedNote && t(spec.deletedNote)}
        renderEdit={Form && managed ? (close) => <Form item={item} onClose={close} /> : undefined}
        deleteQuestion={remove && managed ? (spec.deleteConsequence ? `${question} ${t(spec.deleteConsequence)}` : question) : undefined}
        onDelete={remove && managed ? () => remove(item) : undefined}
        onDeleted={sectionNote}
        onSaved={sectionNote}
        details={spec.details?.(item)}
        actions={spec.actions?.(item, i)}
      />
    );
  };

  return (
    <SectionStatusContext.Provider value={status}>
      {head}
      {items && items.length === 0 && <p className="muted">{t(empty)}</p>}
      {items && items.length > PAGE_SIZE && <ListFinder title={title} paged={paged} />}
      {items && items.length > 0 && paged.shown.length > 0 && (
        <ul className="items" aria-label={title}>
          {paged.shown.map(({ item, index }) => row(item, index))}
        </ul>
      )}
      {(Form || remove) && (
        <p className="note" aria-live="polite">
          {note ?? ''}
        </p>
      )}
      {Form && <Form />}
    </SectionStatusContext.Provider>
  );
}
