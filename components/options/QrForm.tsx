import { useId, useRef, useState, type FormEvent } from 'react';
import { QR_TYPES, type QrType } from '@/lib/api/constants';
import { QrAddInput, type QrAddArgs } from '@/lib/api/inputs';
import { hexToRgb, optional, rgbToHex, validate } from '@/lib/ui/optionsForms';
import { Feedback } from './Feedback';
import { focusField, useAction } from './useAction';
import { t, type MessageKey } from '@/lib/i18n';
import { FormActions } from './FormActions';

const TYPE_NAMES: Record<QrType, MessageKey> = {
  text: 'optionsQrTypeText',
  link: 'optionsQrTypeLink',
  email: 'optionsQrTypeEmail',
  phone: 'optionsQrTypePhone',
  sms: 'optionsQrTypeSms',
  wifi: 'optionsQrTypeWifi',
  vcard: 'optionsQrTypeVcard',
};

const EMPTY = {
  text: '',
  link: '',
  email: '',
  phone: '',
  smsPhone: '',
  smsMessage: '',
  ssid: '',
  wifiPassword: '',
  encryption: 'WPA' as 'WPA' | 'WEP' | 'nopass',
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

/** A QR code form (create or edit): the type, a form per type, colours and logo; checked before sending. */
export function QrForm({
  formLabel,
  submitLabel,
  onSubmit,
  onCancel,
  resetOnSuccess,
  hint,
}: {
  formLabel: string;
  submitLabel: string;
  onSubmit: (args: QrAddArgs) => Promise<string | void>;
  onCancel?: () => void;
  resetOnSuccess?: boolean;
  hint?: string;
}) {
  const [type, setType] = useState<QrType>('link');
  const [f, setF] = useState<Fields>(EMPTY);
  const [background, setBackground] = useState('');
  const [foreground, setForeground] = useState('');
  const [logo, setLogo] = useState('');
  const action = useAction();
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  const set = (k: keyof Fields) => (e: { target: { value: string } }) => setF((old) => ({ ...old, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const raw = {
      type,
      data: qrData(type, f),
      background: optional(background),
      foreground: optional(foreground),
      logo: optional(logo),
    };
    const checked = validate(QrAddInput, raw);
    if (!checked.ok) {
      action.fail(checked.message);
      focusField(form.current, checked.field);
      return;
    }
    const args = checked.data as unknown as QrAddArgs;
    const ok = await action.run(() => onSubmit(args));
    if (ok && resetOnSuccess) {
      setF(EMPTY);
      setBackground('');
      setForeground('');
      setLogo('');
    }
  }

  const field = (key: keyof Fields, label: string, name: string, props: { type?: string; required?: boolean; multiline?: boolean } = {}) => (
    <>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      {props.multiline ? (
        <textarea id={`${id}-${key}`} name={name} rows={3} value={f[key]} onChange={set(key)} aria-required={props.required} />
      ) : (
        <input
          id={`${id}-${key}`}
          name={name}
          type={props.type ?? 'text'}
          spellCheck={false}
          value={f[key]}
          onChange={set(key)}
          aria-required={props.required}
        />
      )}
    </>
  );

  return (
    <form ref={form} className="stack card" onSubmit={submit} noValidate aria-label={formLabel} aria-busy={action.busy}>
      <fieldset>
        <legend>{formLabel}</legend>
        {hint && <p className="muted">{hint}</p>}
        <label htmlFor={`${id}-type`}>{t('optionsFieldType')}</label>
        <select id={`${id}-type`} name="type" value={type} onChange={(e) => setType(e.target.value as QrType)}>
          {QR_TYPES.map((kind) => (
            <option key={kind} value={kind}>
              {t(TYPE_NAMES[kind])}
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

        <ColourField id={`${id}-bg`} label={t('optionsQrBackground')} pickLabel={t('optionsQrPickBackground')} name="background" value={background} onChange={setBackground} fallback="#ffffff" />
        <ColourField id={`${id}-fg`} label={t('optionsQrForeground')} pickLabel={t('optionsQrPickForeground')} name="foreground" value={foreground} onChange={setForeground} fallback="#000000" />
        <label htmlFor={`${id}-logo`}>{t('optionsQrLogoUrl')}</label>
        <input
          id={`${id}-logo`}
          name="logo"
          type="url"
          spellCheck={false}
          placeholder="https://example.com/logo.png"
          value={logo}
          onChange={(e) => setLogo(e.target.value)}
        />
        <p className="muted">{t('optionsQrOptionalHint')}</p>
        <FormActions submitLabel={submitLabel} onCancel={onCancel} />
      </fieldset>
      <Feedback error={action.error} note={resetOnSuccess ? action.note : undefined} />
    </form>
  );
}

/** A colour written rgb(r,g,b), typed or picked (the picker's #RRGGBB is converted). */
function ColourField({
  id,
  label,
  pickLabel,
  name,
  value,
  onChange,
  fallback,
}: {
  id: string;
  label: string;
  /** The colour picker's accessible name ("Pick background colour"). */
  pickLabel: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  fallback: string;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <div className="row color-row">
        <input id={id} name={name} className="grow" spellCheck={false} placeholder={hexToRgb(fallback) ?? 'rgb(0,0,0)'} value={value} onChange={(e) => onChange(e.target.value)} />
        <input
          type="color"
          className="picker"
          aria-label={pickLabel}
          value={rgbToHex(value) ?? fallback}
          onChange={(e) => onChange(hexToRgb(e.target.value) ?? '')}
        />
      </div>
    </>
  );
}
