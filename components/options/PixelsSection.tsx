import { useId, useRef, useState, type FormEvent } from 'react';
import type { Pixel } from '@/lib/api';
import { PIXEL_TYPES, type PixelType } from '@/lib/api/constants';
import { PixelAddInput, PixelUpdateInput } from '@/lib/api/inputs';
import type { Mutation } from '@/lib/messaging';
import { optional, validate } from '@/lib/ui/optionsForms';
import type { ListState } from '@/lib/ui/optionsStore';
import { Feedback } from './Feedback';
import { ListStatus, plural } from './ListStatus';
import { ManagedItem } from './ManagedItem';
import { Section } from './Section';
import { focusField, useAction } from './useAction';
import { FormActions } from './FormActions';
import { t } from '@/lib/i18n';

export interface PixelsProps {
  list: ListState<Pixel>;
  onRefresh: () => void;
  onMutate: (m: Mutation) => Promise<unknown>;
}

const pixelLabel = (p: Pixel) => t('optionsPixelLabel', p.name || `#${p.id}`);

/** Pixels: every pixel (type, name, tag, date), types outside the known 13 shown as they are; create, edit, delete. */
export function PixelsSection({ list, onRefresh, onMutate }: PixelsProps) {
  const [note, setNote] = useState<string | null>(null);
  return (
    <Section id="pixels" title={t('optionsPixelsTitle')}>
      <ListStatus state={list} refreshLabel={t('optionsRefreshPixels')} count={plural('optionsCountPixelOne', 'optionsCountPixelMany')} onRefresh={onRefresh} />
      {list.items && list.items.length === 0 && <p className="muted">{t('optionsNoPixels')}</p>}
      {list.items && list.items.length > 0 && (
        <ul className="items" aria-label={t('optionsPixelsTitle')}>
          {list.items.map((p) => (
            <ManagedItem
              key={p.id}
              deletedNote={t('optionsDeletedPixel')}
              label={pixelLabel(p)}
              view={
                <div className="row">
                  <strong className="name">{p.name || t('optionsPixelNumbered', p.id)}</strong>
                  <span className="tag" title={(PIXEL_TYPES as readonly string[]).includes(p.type) ? undefined : t('optionsPixelUnknownType')}>
                    {p.type || t('optionsPixelNoType')}
                  </span>
                  <code className="ellipsis">{p.tag}</code>
                  {p.date && <span className="muted">{p.date}</span>}
                </div>
              }
              renderEdit={(close) => (
                <PixelEditForm
                  pixel={p}
                  onCancel={close}
                  onSubmit={async (args) => {
                    await onMutate({ op: 'updatePixel', args: [p.id, args] });
                    close();
                  }}
                />
              )}
              deleteQuestion={t('optionsDeleteQuestion', pixelLabel(p))}
              onDelete={() => onMutate({ op: 'deletePixel', args: [p.id] })}
              onDeleted={setNote}
            />
          ))}
        </ul>
      )}
      <p className="note" aria-live="polite">
        {note ?? ''}
      </p>
      <PixelAddForm onMutate={onMutate} />
    </Section>
  );
}

/** New pixel: one of the 13 types, a name and its tag. */
function PixelAddForm({ onMutate }: { onMutate: PixelsProps['onMutate'] }) {
  const [type, setType] = useState<string>(PIXEL_TYPES[0]);
  const [name, setName] = useState('');
  const [tag, setTag] = useState('');
  const action = useAction();
  const form = useRef<HTMLFormElement>(null);
  const id = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = validate(PixelAddInput, { type, name, tag });
    if (!checked.ok) {
      action.fail(checked.message);
      focusField(form.current, checked.field);
      return;
    }
    const ok = await action.run(async () => {
      await onMutate({ op: 'addPixel', args: [checked.data] });
      return t('optionsPixelCreated');
    });
    if (ok) {
      setName('');
      setTag('');
    }
  }

  return (
    <form ref={form} className="stack card" onSubmit={submit} noValidate aria-label={t('optionsNewPixel')}>
      <fieldset>
        <legend>{t('optionsNewPixel')}</legend>
        <label htmlFor={`${id}-type`}>{t('optionsFieldType')}</label>
        <select id={`${id}-type`} name="type" value={type} onChange={(e) => setType(e.target.value as PixelType)}>
          {PIXEL_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-name`}>{t('optionsFieldName')}</label>
        <input id={`${id}-name`} name="name" value={name} onChange={(e) => setName(e.target.value)} aria-required="true" />
        <label htmlFor={`${id}-tag`}>{t('optionsFieldTag')}</label>
        <input id={`${id}-tag`} name="tag" spellCheck={false} value={tag} onChange={(e) => setTag(e.target.value)} aria-required="true" />
        <button type="submit" className="primary">
          {t('optionsCreatePixel')}
        </button>
      </fieldset>
      <Feedback error={action.error} note={action.note} />
    </form>
  );
}

/** Edit a pixel: its name and tag (the type cannot be changed). */
function PixelEditForm({
  pixel,
  onSubmit,
  onCancel,
}: {
  pixel: Pixel;
  onSubmit: (args: { name?: string; tag: string }) => Promise<void>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(pixel.name);
  const [tag, setTag] = useState(pixel.tag);
  const action = useAction();
  const form = useRef<HTMLFormElement>(null);
  const id = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = validate(PixelUpdateInput, { name: optional(name), tag });
    if (!checked.ok) {
      action.fail(checked.message);
      focusField(form.current, checked.field);
      return;
    }
    await action.run(() => onSubmit(checked.data));
  }

  return (
    <form ref={form} className="stack card" onSubmit={submit} noValidate aria-label={t('optionsEditItem', pixelLabel(pixel))}>
      <fieldset>
        <legend>{t('optionsEditItem', pixelLabel(pixel))}</legend>
        <p className="muted">{t('optionsPixelTypeLine', pixel.type || t('commonNone'))}</p>
        <label htmlFor={`${id}-name`}>{t('optionsFieldName')}</label>
        <input id={`${id}-name`} name="name" value={name} onChange={(e) => setName(e.target.value)} />
        <label htmlFor={`${id}-tag`}>{t('optionsFieldTag')}</label>
        <input id={`${id}-tag`} name="tag" spellCheck={false} value={tag} onChange={(e) => setTag(e.target.value)} aria-required="true" />
        <FormActions submitLabel={t('optionsUpdatePixel')} onCancel={onCancel} />
      </fieldset>
      <Feedback error={action.error} />
    </form>
  );
}
