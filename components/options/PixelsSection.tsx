import { useId } from 'react';
import type * as z from 'zod/mini';
import type { Pixel } from '@/lib/api';
import { PIXEL_TYPES } from '@/lib/api/constants';
import { PixelAddInput, PixelUpdateInput } from '@/lib/api/inputs';
import { optional, validate } from '@/lib/ui/options/forms';
import { isKnownValue, valueWord } from '@/lib/ui/options/valueWords';
import { TextField, useFields } from './fields';
import { FormCard } from './FormCard';
import { ListSection } from './ListSection';
import { useItemForm } from './useItemForm';
import { t } from '@/lib/i18n';
import { dateText } from '@/lib/i18n/date';

const pixelLabel = (p: Pixel) => t('optionsPixelLabel', p.name || `#${p.id}`);

/** Pixels: every pixel (type by its name, name, tag, date), types outside the known 13 shown as they are; create, edit, delete. */
export function PixelsSection() {
  return (
    <ListSection
      name="pixels"
      texts={{ refresh: 'optionsRefreshPixels', one: 'optionsCountPixelOne', many: 'optionsCountPixelMany', empty: 'optionsNoPixels' }}
      item={{
        key: (p) => p.id,
        label: pixelLabel,
        view: (p) => (
          <div className="row">
            <strong className="name">{p.name || t('optionsPixelNumbered', p.id)}</strong>
            <span className="tag" title={isKnownValue('pixel', p.type) ? undefined : t('optionsPixelUnknownType')}>
              {p.type ? valueWord('pixel', p.type) : t('optionsPixelNoType')}
            </span>
            <code className="ellipsis">{p.tag}</code>
            {p.date && <span className="muted">{dateText(p.date)}</span>}
          </div>
        ),
        Form: PixelForm,
        remove: (p) => ({ op: 'deletePixel', args: [p.id] }),
        deletedNote: 'optionsDeletedPixel',
      }}
    />
  );
}

/** New pixel (one of the 13 types, a name and its tag), or an edit of a pixel's name and tag (the type cannot change). */
function PixelForm({ item: pixel, onClose }: { item?: Pixel; onClose?: (note?: string) => void }) {
  const { fields: f, set, reset } = useFields({ type: PIXEL_TYPES[0] as string, name: pixel?.name ?? '', tag: pixel?.tag ?? '' });
  const id = useId();
  const form = useItemForm({
    list: 'pixels',
    item: pixel,
    onClose,
    texts: {
      newLabel: 'optionsNewPixel',
      create: 'optionsCreatePixel',
      update: 'optionsUpdatePixel',
      created: 'optionsPixelCreated',
      createdNamed: 'optionsPixelCreatedNamed',
    },
    label: pixelLabel,
    name: (args) => args.name,
    check: () => (pixel ? validate(PixelUpdateInput, { name: optional(f.name), tag: f.tag }) : validate(PixelAddInput, f)),
    add: (args) => ({ op: 'addPixel', args: [args as z.output<typeof PixelAddInput>] }),
    update: (p, args) => ({ op: 'updatePixel', args: [p.id, args] }),
    reset,
  });

  return (
    <FormCard {...form}>
      {pixel ? (
        <p className="muted">{t('optionsPixelTypeLine', pixel.type ? valueWord('pixel', pixel.type) : t('commonNone'))}</p>
      ) : (
        <>
          <label htmlFor={`${id}-type`}>{t('optionsFieldType')}</label>
          <select id={`${id}-type`} name="type" value={f.type} onChange={(e) => set('type')(e.target.value)}>
            {PIXEL_TYPES.map((kind) => (
              <option key={kind} value={kind}>
                {valueWord('pixel', kind)}
              </option>
            ))}
          </select>
        </>
      )}
      <TextField id={`${id}-name`} name="name" label={t('optionsFieldName')} value={f.name} onChange={set('name')} aria-required={!pixel} />
      <TextField
        id={`${id}-tag`}
        name="tag"
        label={t('optionsFieldTag')}
        spellCheck={false}
        value={f.tag}
        onChange={set('tag')}
        aria-required="true"
      />
    </FormCard>
  );
}
