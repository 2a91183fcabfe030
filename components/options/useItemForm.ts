import type { ListName } from '@/lib/api';
import type { Mutation } from '@/lib/messaging';
import type { Checked } from '@/lib/ui/options/forms';
import { t, type MessageKey } from '@/lib/i18n';
import { useMutate } from './OptionsContext';
import { useSubmit } from './useSubmit';

/** The words of a create/edit form: its name when new, its buttons and the note after creating. */
export interface ItemFormTexts {
  newLabel: MessageKey;
  create: MessageKey;
  update: MessageKey;
  created: MessageKey;
  /** The note after creating, naming what was created ($1). */
  createdNamed: MessageKey;
}

export interface ItemFormSpec<T, A> {
  list: ListName;
  /** The item being edited; none when the form creates one. */
  item?: T;
  /** Closes the edit form: after an update with the note saying so, after Cancel without one. */
  onClose?: (note?: string) => void;
  texts: ItemFormTexts;
  /** Names the item ("channel Spring launch"). */
  label: (item: T) => string;
  check: () => Checked<A>;
  /** Names a created item in the note (the note belongs to the item it speaks of). */
  name: (args: A) => string | undefined;
  add: (args: A) => Mutation;
  update: (item: T, args: A) => Mutation;
  /** Empties the fields after creating. */
  reset: () => void;
}

/** One create-or-edit form of a list: the submit (create → note and reset; edit → close) and the frame's words. */
export function useItemForm<T, A>(spec: ItemFormSpec<T, A>) {
  const mutate = useMutate(spec.list);
  const { item, onClose, texts } = spec;
  const submit = useSubmit({
    check: spec.check,
    run: async (args: A) => {
      if (item === undefined) {
        await mutate(spec.add(args));
        const name = spec.name(args);
        return name ? t(texts.createdNamed, name) : t(texts.created);
      }
      await mutate(spec.update(item, args));
      onClose?.(t('optionsChangesSaved'));
    },
    reset: item === undefined ? spec.reset : undefined,
  });
  return {
    submit,
    label: item === undefined ? t(texts.newLabel) : t('optionsEditItem', spec.label(item)),
    submitLabel: t(item === undefined ? texts.create : texts.update),
    onCancel: onClose && (() => onClose()),
  };
}
