import { useId, useState } from 'react';
import type { Qr } from '@/lib/api';
import { QR_TYPES, type QrType } from '@/lib/api/constants';
import { QrAddInput, type QrAddArgs } from '@/lib/api/inputs';
import { optional, validate } from '@/lib/ui/options/forms';
import { checkColour, parseColour, toHex, withColours } from '@/lib/ui/colour';
import { checkQrStyle, DEFAULT_QR_STYLE } from '@/lib/qr/style';
import { styleProblemText } from '@/lib/ui/qrStyle';
import { ColourField } from './ColourField';
import { TextField, useFields } from './fields';
import { FormCard } from './FormCard';
import { useItemForm } from './useItemForm';
import { t } from '@/lib/i18n';
import { valueWord } from '@/lib/ui/options/valueWords';

/** "QR code Menu": names a QR code in button labels. */
export const qrLabel = (q: Qr) => t('optionsQrLabel', q.name || `#${q.id}`);

const EMPTY = {
  text: '',
  link: '',
  email: '',
  phone: '',
  smsPhone: '',
  smsMessage: '',
  ssid: '',
  wifiPassword: '',
  encryption: 'WPA' as string,
  vName: '',
  vPhone: '',
  vEmail: '',
  vCompany: '',
  vUrl: '',
};
type Fields = typeof EMPTY;

/** The `data` member for a type, exactly in the shapes of QrDataByType (empty optional fields left out). */
export function qrData(type: QrType, f: Fields): unknown {
  switch (type) {
    case 'text':
      return f.text;
    case 'link':
      return f.link;
    case 'email':
      return f.email;
    case 'phone':
      return f.phone;
    case 'sms':
      return { phone: f.smsPhone, message: f.smsMessage === '' ? undefined : f.smsMessage };
    case 'wifi':
      return { ssid: f.ssid, password: f.wifiPassword === '' ? undefined : f.wifiPassword, encryption: f.encryption };
    case 'vcard':
      return {
        name: f.vName,
        phone: optional(f.vPhone),
        email: optional(f.vEmail),
        company: optional(f.vCompany),
        url: optional(f.vUrl),
      };
  }
}

/** What a QR code holds, in a few words (its link, text, number, network or person). */
export function qrSubject(data: unknown): string | undefined {
  const text =
    typeof data === 'string'
      ? data
      : data && typeof data === 'object'
        ? (['ssid', 'name', 'phone'] as const).map((k) => (data as Record<string, unknown>)[k]).find((v) => typeof v === 'string' && v)
        : undefined;
  if (typeof text !== 'string' || !text) return undefined;
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** A QR code form (create, or edit `qr`): the type, a form per type, colours and logo; checked before sending. */
export function QrForm({ item: qr, onClose }: { item?: Qr; onClose?: (note?: string) => void }) {
  const [type, setType] = useState<QrType>('link');
  const { fields: f, set: setField, reset } = useFields({ ...EMPTY, background: '', foreground: '', logo: '' });
  const id = useId();
  const set = (k: keyof Fields) => (e: { target: { value: string } }) => setField(k)(e.target.value);
  const form = useItemForm({
    list: 'qrs',
    item: qr,
    onClose,
    texts: {
      newLabel: 'optionsNewQr',
      create: 'optionsCreateQr',
      update: 'optionsUpdateQr',
      created: 'optionsQrCreated',
      createdNamed: 'optionsQrCreatedNamed',
    },
    label: qrLabel,
    name: (args) => qrSubject(args.data),
    check: () => {
      const background = checkColour(f.background, 'background', 'rgb');
      const foreground = checkColour(f.foreground, 'foreground', 'rgb');
      const colour = (c: typeof background) => (c.ok ? c.data : undefined);
      const raw = { type, data: qrData(type, f), background: colour(background), foreground: colour(foreground), logo: optional(f.logo) };
      const checked = withColours(validate(QrAddInput, raw), [background, foreground], ['logo']);
      if (!checked.ok) return checked;
      // The popup's rule of what scanners read, on the colours as sent (the service draws black on white by default).
      const hex = (typed: string, fallback: string) => (parseColour(typed) ? toHex(parseColour(typed)!).toLowerCase() : fallback);
      const problem = checkQrStyle({
        foreground: hex(f.foreground, DEFAULT_QR_STYLE.foreground),
        background: hex(f.background, DEFAULT_QR_STYLE.background),
        logo: null,
      });
      if (problem) return { ok: false, field: 'foreground', message: styleProblemText(problem) };
      return { ok: true, data: checked.data as unknown as QrAddArgs };
    },
    add: (args) => ({ op: 'addQr', args: [args] }),
    update: (q, args) => ({ op: 'updateQr', args: [q.id, args] }),
    reset,
  });

  const field = (key: keyof Fields, label: string, name: string, props: { type?: string; required?: boolean; multiline?: boolean } = {}) =>
    props.multiline ? (
      <>
        <label htmlFor={`${id}-${key}`}>{label}</label>
        <textarea id={`${id}-${key}`} name={name} rows={3} value={f[key]} onChange={set(key)} aria-required={props.required} />
      </>
    ) : (
      <TextField
        id={`${id}-${key}`}
        name={name}
        label={label}
        type={props.type ?? 'text'}
        spellCheck={false}
        value={f[key]}
        onChange={setField(key)}
        aria-required={props.required}
      />
    );

  return (
    <FormCard {...form}>
      {qr && <p className="muted">{t('optionsQrEditHint')}</p>}
      <label htmlFor={`${id}-type`}>{t('optionsFieldType')}</label>
      <select id={`${id}-type`} name="type" value={type} onChange={(e) => setType(e.target.value as QrType)}>
        {QR_TYPES.map((kind) => (
          <option key={kind} value={kind}>
            {valueWord('qr', kind)}
          </option>
        ))}
      </select>

      {type === 'text' && field('text', t('optionsQrText'), 'data', { required: true, multiline: true })}
      {type === 'link' && field('link', t('optionsQrUrl'), 'data', { type: 'url', required: true })}
      {type === 'email' && field('email', t('optionsQrEmailAddress'), 'data', { type: 'email', required: true })}
      {type === 'phone' && field('phone', t('optionsQrPhoneNumber'), 'data', { type: 'tel', required: true })}
      {type === 'sms' && (
        <>
          {field('smsPhone', t('optionsQrPhoneNumber'), 'data.phone', { type: 'tel', required: true })}
          {field('smsMessage', t('optionsQrMessage'), 'data.message', { multiline: true })}
        </>
      )}
      {type === 'wifi' && (
        <>
          {field('ssid', t('optionsQrSsid'), 'data.ssid', { required: true })}
          {field('wifiPassword', t('optionsQrWifiPassword'), 'data.password', { type: 'password' })}
          <label htmlFor={`${id}-encryption`}>{t('optionsQrEncryption')}</label>
          <select id={`${id}-encryption`} name="data.encryption" value={f.encryption} onChange={set('encryption')}>
            <option value="WPA">WPA/WPA2</option>
            <option value="WEP">WEP</option>
            <option value="nopass">{t('optionsQrEncryptionNone')}</option>
          </select>
        </>
      )}
      {type === 'vcard' && (
        <>
          {field('vName', t('optionsQrFullName'), 'data.name', { required: true })}
          {field('vPhone', t('optionsQrPhoneNumber'), 'data.phone', { type: 'tel' })}
          {field('vEmail', t('optionsQrEmailAddress'), 'data.email', { type: 'email' })}
          {field('vCompany', t('optionsQrCompany'), 'data.company')}
          {field('vUrl', t('optionsQrWebsite'), 'data.url', { type: 'url' })}
        </>
      )}

      <ColourField
        id={`${id}-bg`}
        label={t('optionsQrBackground')}
        pickLabel={t('optionsQrPickBackground')}
        name="background"
        value={f.background}
        onChange={setField('background')}
        writes="rgb"
      />
      <ColourField
        id={`${id}-fg`}
        label={t('optionsQrForeground')}
        pickLabel={t('optionsQrPickForeground')}
        name="foreground"
        value={f.foreground}
        onChange={setField('foreground')}
        writes="rgb"
      />
      <TextField
        id={`${id}-logo`}
        name="logo"
        label={t('optionsQrLogoUrl')}
        type="url"
        spellCheck={false}
        placeholder="https://example.com/logo.png"
        value={f.logo}
        onChange={setField('logo')}
      />
      <p className="muted">{t('optionsQrOptionalHint')}</p>
    </FormCard>
  );
}
