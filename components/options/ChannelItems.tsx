import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { Channel, ChannelItem } from '@/lib/api';
import { CHANNEL_ITEM_TYPES, type ChannelItemType } from '@/lib/api/constants';
import { channelItemTypeInput, idInput } from '@/lib/api/inputs';
import { parseId, safeHref, validate, type Checked } from '@/lib/ui/options/forms';
import { idleList, type ListState } from '@/lib/ui/options/store';
import { errorSentence } from '@/lib/i18n/errorText';
import { toApiError } from '@/lib/api/errors';
import { channelLabel } from './ChannelForm';
import { Feedback } from './Feedback';
import { listStatusText, plural } from './ListStatus';
import { useMutate, useOptions } from './OptionsContext';
import { useSubmit } from './useSubmit';
import { t } from '@/lib/i18n';
import { dateText } from '@/lib/i18n/date';
import { valueWord } from '@/lib/ui/options/valueWords';

/** The items of one channel (type, title, preview, link) and a form to assign one by type and id. */
export function ChannelItems({ channel }: { channel: Channel }) {
  const loadItems = useOptions((s) => s.channelItems);
  const mutate = useMutate('channels');
  const [list, setList] = useState<ListState<ChannelItem>>(idleList);
  const [type, setType] = useState<string>('links');
  const [itemId, setItemId] = useState('');
  const id = useId();
  const live = useRef(true);

  const load = useCallback(async () => {
    setList((l) => ({ ...l, state: 'loading', error: null }));
    try {
      const got = await loadItems(channel.id);
      if (live.current) setList((l) => ({ ...l, state: 'ready', items: Array.isArray(got) ? got : [] }));
    } catch (err) {
      if (live.current) setList((l) => ({ ...l, state: 'error', error: toApiError(err, t('optionsWorkerNoAnswer')).toJSON() }));
    }
  }, [channel.id, loadItems]);

  useEffect(() => {
    live.current = true;
    void load();
    return () => {
      live.current = false;
    };
  }, [load]);

  const submit = useSubmit({
    check: (): Checked<{ type: ChannelItemType; id: number }> => {
      const ty = validate(channelItemTypeInput, type, 'type');
      if (!ty.ok) return ty;
      const n = validate(idInput, parseId(itemId), 'itemId');
      return n.ok ? { ok: true, data: { type: ty.data, id: n.data } } : n;
    },
    run: async (item) => {
      await mutate({ op: 'assignChannelItem', args: [channel.id, item.type, item.id] });
      void load();
      return t('optionsChannelItemAssigned', valueWord('channelItem', item.type), item.id);
    },
    reset: () => setItemId(''),
  });

  const items = list.items;
  return (
    <>
      <p className="muted" aria-live="polite">
        {listStatusText(list, plural('optionsCountItemOne', 'optionsCountItemMany'))}
      </p>
      {list.error && <p role="alert">{errorSentence(list.error, 'options')}</p>}
      {items && items.length === 0 && <p className="muted">{t('optionsNoChannelItems')}</p>}
      {items && items.length > 0 && (
        <ul className="sub-items" aria-label={t('optionsChannelItemsOf', channelLabel(channel))}>
          {items.map((it) => {
            const preview = safeHref(it.preview);
            const link = safeHref(it.link);
            return (
              <li key={`${it.type}-${it.id}`} className="row">
                {preview && <img className="preview" src={preview} alt="" width={40} height={40} loading="lazy" />}
                <span className="tag">{valueWord('channelItem', it.type)}</span>
                <strong>{it.title || `#${it.id}`}</strong>
                {link && (
                  <a href={link} target="_blank" rel="noopener noreferrer">
                    {link}
                  </a>
                )}
                {it.date && <span className="muted">{dateText(it.date)}</span>}
              </li>
            );
          })}
        </ul>
      )}
      <form
        ref={submit.form}
        className="row assign"
        onSubmit={submit.onSubmit}
        onInput={submit.onInput}
        noValidate
        aria-label={t('optionsAssignFormLabel', channelLabel(channel))}
      >
        <div>
          <label htmlFor={`${id}-type`}>{t('optionsItemType')}</label>
          <select id={`${id}-type`} name="type" value={type} onChange={(e) => setType(e.target.value)}>
            {CHANNEL_ITEM_TYPES.map((kind) => (
              <option key={kind} value={kind}>
                {valueWord('channelItem', kind)}
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
      <Feedback error={submit.action.error} note={submit.action.note} busy={submit.action.busy} />
    </>
  );
}
