import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Channel, ChannelItem } from '@/lib/api';
import { CHANNEL_ITEM_TYPES, type ChannelItemType } from '@/lib/api/constants';
import { ChannelAddInput, ChannelUpdateInput, channelItemTypeInput, idInput } from '@/lib/api/inputs';
import type { Mutation } from '@/lib/messaging';
import { optional, parseId, safeHexColor, safeHref, validate } from '@/lib/ui/optionsForms';
import type { ListState } from '@/lib/ui/optionsStore';
import { errorSentence } from '@/lib/errorText';
import { ColorBadge } from './ColorBadge';
import { Feedback } from './Feedback';
import { ListStatus, plural } from './ListStatus';
import { ManagedItem } from './ManagedItem';
import { Section } from './Section';
import { focusField, useAction } from './useAction';
import { t, type MessageKey } from '@/lib/i18n';
import { FormActions } from './FormActions';

export interface ChannelsProps {
  list: ListState<Channel>;
  onRefresh: () => void;
  onMutate: (m: Mutation) => Promise<unknown>;
  loadItems: (channelId: number) => Promise<ChannelItem[]>;
}

const channelLabel = (c: Channel) => t('optionsChannelLabel', c.name || `#${c.id}`);

/** Channels: every channel with its colour and star; create, edit, delete, and the items of each. */
export function ChannelsSection({ list, onRefresh, onMutate, loadItems }: ChannelsProps) {
  const [note, setNote] = useState<string | null>(null);
  return (
    <Section id="channels" title={t('optionsChannelsTitle')}>
      <ListStatus state={list} refreshLabel={t('optionsRefreshChannels')} count={plural('optionsCountChannelOne', 'optionsCountChannelMany')} onRefresh={onRefresh} />
      {list.items && list.items.length === 0 && <p className="muted">{t('optionsNoChannels')}</p>}
      {list.items && list.items.length > 0 && (
        <ul className="items" aria-label={t('optionsChannelsTitle')}>
          {list.items.map((c) => (
            <ChannelRow key={c.id} channel={c} onMutate={onMutate} loadItems={loadItems} onDeleted={setNote} />
          ))}
        </ul>
      )}
      <p className="note" aria-live="polite">
        {note ?? ''}
      </p>
      <ChannelForm
        formLabel={t('optionsNewChannel')}
        submitLabel={t('optionsCreateChannel')}
        mode="add"
        onSubmit={async (args) => {
          await onMutate({ op: 'addChannel', args: [args] });
          return t('optionsChannelCreated');
        }}
      />
    </Section>
  );
}

/** One channel: name, description, colour badge, star; Items, Edit, Delete. */
function ChannelRow({
  channel,
  onMutate,
  loadItems,
  onDeleted,
}: {
  channel: Channel;
  onMutate: ChannelsProps['onMutate'];
  loadItems: ChannelsProps['loadItems'];
  onDeleted: (note: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  const label = channelLabel(channel);
  return (
    <ManagedItem
      deletedNote={t('optionsDeletedChannel')}
      label={label}
      view={
        <>
          <div className="row">
            <strong className="name">{channel.name || t('optionsChannelNumbered', channel.id)}</strong>
            {channel.starred && (
              <span className="star" role="img" aria-label={t('optionsStarred')} title={t('optionsStarred')}>
                ★
              </span>
            )}
            <ColorBadge color={channel.color} />
          </div>
          {channel.description && <p className="description">{channel.description}</p>}
        </>
      }
      extraButtons={
        <button type="button" aria-expanded={open} aria-controls={panel} aria-label={t('optionsChannelItemsOf', label)} onClick={() => setOpen((o) => !o)}>
          {t('optionsChannelItems')}
        </button>
      }
      renderEdit={(close) => (
        <ChannelForm
          formLabel={t('optionsEditItem', label)}
          submitLabel={t('optionsUpdateChannel')}
          mode="edit"
          initial={channel}
          onCancel={close}
          onSubmit={async (args) => {
            await onMutate({ op: 'updateChannel', args: [channel.id, args] });
            close();
          }}
        />
      )}
      deleteQuestion={`${t('optionsDeleteQuestion', label)} ${t('optionsChannelDeleteNote')}`}
      onDelete={() => onMutate({ op: 'deleteChannel', args: [channel.id] })}
      onDeleted={onDeleted}
    >
      {open && (
        <div id={panel} className="panel">
          <ChannelItems channel={channel} loadItems={loadItems} onMutate={onMutate} />
        </div>
      )}
    </ManagedItem>
  );
}

type ChannelArgs = { name?: string; description?: string; color?: string; starred?: boolean };

/** The channel form (create or edit), checked with the input schema before anything is sent. */
export function ChannelForm({
  formLabel,
  submitLabel,
  mode,
  initial,
  onSubmit,
  onCancel,
}: {
  formLabel: string;
  submitLabel: string;
  mode: 'add' | 'edit';
  initial?: Channel;
  onSubmit: (args: ChannelArgs & { name: string }) => Promise<string | void>;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [color, setColor] = useState(initial?.color ?? '');
  const [starred, setStarred] = useState(initial?.starred ?? false);
  const action = useAction();
  const form = useRef<HTMLFormElement>(null);
  const id = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const raw = {
      name,
      description: mode === 'add' ? optional(description) : description.trim(),
      color: optional(color),
      starred,
    };
    const checked = mode === 'add' ? validate(ChannelAddInput, raw) : validate(ChannelUpdateInput, raw);
    if (!checked.ok) {
      action.fail(checked.message);
      focusField(form.current, checked.field);
      return;
    }
    const args = { ...checked.data, name: checked.data.name ?? name.trim() };
    const ok = await action.run(() => onSubmit(args));
    if (ok && mode === 'add') {
      setName('');
      setDescription('');
      setColor('');
      setStarred(false);
    }
  }

  return (
    <form ref={form} className="stack card" onSubmit={submit} noValidate aria-label={formLabel} aria-busy={action.busy}>
      <fieldset>
        <legend>{formLabel}</legend>
        <label htmlFor={`${id}-name`}>{t('optionsFieldName')}</label>
        <input id={`${id}-name`} name="name" value={name} onChange={(e) => setName(e.target.value)} aria-required="true" />
        <label htmlFor={`${id}-description`}>{t('optionsFieldDescription')}</label>
        <input id={`${id}-description`} name="description" value={description} onChange={(e) => setDescription(e.target.value)} />
        <label htmlFor={`${id}-color`}>{t('optionsFieldColour')}</label>
        <div className="row color-row">
          <input
            id={`${id}-color`}
            name="color"
            className="grow"
            placeholder="#RRGGBB"
            spellCheck={false}
            value={color}
            onChange={(e) => setColor(e.target.value)}
          />
          <input
            type="color"
            className="picker"
            aria-label={t('optionsPickColour')}
            value={(safeHexColor(color.trim()) ?? '#2457d6').toLowerCase()}
            onChange={(e) => setColor(e.target.value.toUpperCase())}
          />
        </div>
        <div className="check">
          <input id={`${id}-starred`} name="starred" type="checkbox" checked={starred} onChange={(e) => setStarred(e.target.checked)} />
          <label htmlFor={`${id}-starred`}>{t('optionsStarred')}</label>
        </div>
        <FormActions submitLabel={submitLabel} onCancel={onCancel} />
      </fieldset>
      <Feedback error={action.error} note={mode === 'add' ? action.note : undefined} />
    </form>
  );
}

const ITEM_TYPE_NAMES: Record<ChannelItemType, MessageKey> = { links: 'optionsItemTypeLink', bio: 'optionsItemTypeBio', qr: 'optionsItemTypeQr' };

/** The items of one channel (type, title, preview, link) and a form to assign one by type and id. */
function ChannelItems({
  channel,
  loadItems,
  onMutate,
}: {
  channel: Channel;
  loadItems: ChannelsProps['loadItems'];
  onMutate: ChannelsProps['onMutate'];
}) {
  const [items, setItems] = useState<ChannelItem[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [type, setType] = useState<string>('links');
  const [itemId, setItemId] = useState('');
  const action = useAction();
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  const live = useRef(true);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      const got = await loadItems(channel.id);
      if (live.current) setItems(Array.isArray(got) ? got : []);
    } catch (err) {
      if (live.current) setError(errorSentence(err, 'options'));
    } finally {
      if (live.current) setLoading(false);
    }
  }, [channel.id, loadItems]);

  useEffect(() => {
    live.current = true;
    void load();
    return () => {
      live.current = false;
    };
  }, [load]);

  async function assign(e: FormEvent) {
    e.preventDefault();
    const ty = validate(channelItemTypeInput, type, 'type');
    if (!ty.ok) return action.fail(ty.message);
    const n = validate(idInput, parseId(itemId), 'itemId');
    if (!n.ok) {
      action.fail(n.message);
      focusField(form.current, 'itemId');
      return;
    }
    const ok = await action.run(async () => {
      await onMutate({ op: 'assignChannelItem', args: [channel.id, ty.data, n.data] });
      return t('optionsChannelItemAssigned', t(ITEM_TYPE_NAMES[ty.data]), n.data);
    });
    if (ok) {
      setItemId('');
      void load();
    }
  }

  return (
    <>
      <p className="muted" aria-live="polite">
        {items === null && loading
          ? t('commonLoading')
          : items
            ? `${plural('optionsCountItemOne', 'optionsCountItemMany')(items.length)}${loading ? ` · ${t('optionsListUpdating')}` : ''}`
            : ''}
      </p>
      {error && <p role="alert">{error}</p>}
      {items && items.length === 0 && <p className="muted">{t('optionsNoChannelItems')}</p>}
      {items && items.length > 0 && (
        <ul className="sub-items" aria-label={t('optionsChannelItemsOf', channelLabel(channel))}>
          {items.map((it) => {
            const preview = safeHref(it.preview);
            const link = safeHref(it.link);
            return (
              <li key={`${it.type}-${it.id}`} className="row">
                {preview && <img className="preview" src={preview} alt="" width={40} height={40} loading="lazy" />}
                <span className="tag">{it.type}</span>
                <strong>{it.title || `#${it.id}`}</strong>
                {link && (
                  <a href={link} target="_blank" rel="noopener noreferrer">
                    {link}
                  </a>
                )}
                {it.date && <span className="muted">{it.date}</span>}
              </li>
            );
          })}
        </ul>
      )}
      <form ref={form} className="row assign" onSubmit={assign} noValidate aria-label={t('optionsAssignFormLabel', channelLabel(channel))}>
        <div>
          <label htmlFor={`${id}-type`}>{t('optionsItemType')}</label>
          <select id={`${id}-type`} name="type" value={type} onChange={(e) => setType(e.target.value)}>
            {CHANNEL_ITEM_TYPES.map((kind) => (
              <option key={kind} value={kind}>
                {t(ITEM_TYPE_NAMES[kind])}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-item`}>{t('optionsItemId')}</label>
          <input id={`${id}-item`} name="itemId" inputMode="numeric" value={itemId} onChange={(e) => setItemId(e.target.value)} />
        </div>
        <button type="submit">{t('optionsAssign')}</button>
      </form>
      <Feedback error={action.error} note={action.note} />
    </>
  );
}
