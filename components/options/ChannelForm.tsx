import { useId } from 'react';
import type { Channel } from '@/lib/api';
import { ChannelAddInput, ChannelUpdateInput } from '@/lib/api/inputs';
import { optional, validate } from '@/lib/ui/options/forms';
import { checkColour, withColours } from '@/lib/ui/colour';
import { ColourField } from './ColourField';
import { CheckField, TextField, useFields } from './fields';
import { FormCard } from './FormCard';
import { useItemForm } from './useItemForm';
import { t } from '@/lib/i18n';

/** "channel Spring launch": names a channel in button labels. */
export const channelLabel = (c: Channel) => t('optionsChannelLabel', c.name || `#${c.id}`);

/** The channel form (create, or edit `item`), checked with the input schema before anything is sent. */
export function ChannelForm({ item: channel, onClose }: { item?: Channel; onClose?: (note?: string) => void }) {
  const {
    fields: f,
    set,
    reset,
  } = useFields({
    name: channel?.name ?? '',
    description: channel?.description ?? '',
    color: channel?.color ?? '',
    starred: channel?.starred ?? false,
  });
  const id = useId();
  const form = useItemForm({
    list: 'channels',
    item: channel,
    onClose,
    texts: {
      newLabel: 'optionsNewChannel',
      create: 'optionsCreateChannel',
      update: 'optionsUpdateChannel',
      created: 'optionsChannelCreated',
      createdNamed: 'optionsChannelCreatedNamed',
    },
    label: channelLabel,
    name: (args) => args.name,
    check: () => {
      const color = checkColour(f.color, 'color', 'hex');
      const raw = {
        name: f.name,
        description: channel ? f.description.trim() : optional(f.description),
        color: color.ok ? color.data : undefined,
        starred: f.starred,
      };
      const checked = withColours(channel ? validate(ChannelUpdateInput, raw) : validate(ChannelAddInput, raw), [color]);
      return checked.ok ? { ok: true, data: { ...checked.data, name: checked.data.name ?? f.name.trim() } } : checked;
    },
    add: (args) => ({ op: 'addChannel', args: [args] }),
    update: (c, args) => ({ op: 'updateChannel', args: [c.id, args] }),
    reset,
  });

  return (
    <FormCard {...form}>
      <TextField id={`${id}-name`} name="name" label={t('optionsFieldName')} value={f.name} onChange={set('name')} aria-required="true" />
      <TextField
        id={`${id}-description`}
        name="description"
        label={t('optionsFieldDescription')}
        value={f.description}
        onChange={set('description')}
      />
      <ColourField
        id={`${id}-color`}
        name="color"
        label={t('optionsFieldColour')}
        pickLabel={t('optionsPickColour')}
        value={f.color}
        onChange={set('color')}
        writes="hex"
      />
      <CheckField id={`${id}-starred`} name="starred" label={t('optionsStarred')} checked={f.starred} onChange={set('starred')} />
    </FormCard>
  );
}
