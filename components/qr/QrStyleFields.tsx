import { useId, useState } from 'react';
import { checkQrStyle, type QrStyle, type StyleProblem } from '@/lib/qr/style';
import { errorSentence } from '@/lib/i18n/errorText';
import { logoLimitKb, readLogoFile, saveQrStyle, styleProblemText } from '@/lib/ui/qrStyle';
import { t } from '@/lib/i18n';

export interface QrStyleFieldsProps {
  style: QrStyle;
  /** Told of a style that passed the check and was kept. */
  onApply: (style: QrStyle) => void;
  say: (message: string) => void;
  /** Keeps a style; replaceable in tests. */
  save?: (style: QrStyle | null) => Promise<QrStyle>;
}

/** "Foreground", "Background", "Logo" and "Reset style": a style is checked first; a refused one is never drawn, its reason shown. */
export function QrStyleFields({ style, onApply, say, save = saveQrStyle }: QrStyleFieldsProps) {
  const id = useId();
  const [draft, setDraft] = useState({ foreground: style.foreground, background: style.background });
  const [refusal, setRefusal] = useState('');

  /** Checks a style, then keeps and applies it; a refusal says why and changes nothing drawn. */
  const propose = async (next: QrStyle | null, done: string) => {
    const problem: StyleProblem | null = next ? checkQrStyle(next) : null;
    if (problem) return setRefusal(styleProblemText(problem));
    setRefusal('');
    try {
      const kept = await save(next);
      onApply(kept);
      setDraft({ foreground: kept.foreground, background: kept.background });
      say(done);
    } catch (e) {
      setRefusal(t('qrStyleSaveFailed', errorSentence(e, 'popup')));
    }
  };

  const colour = (key: 'foreground' | 'background') => (value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    void propose({ ...style, ...draft, [key]: value.toLowerCase() }, t('qrStyleSaved'));
  };

  const pickLogo = async (file: File | undefined) => {
    if (!file) return;
    const read = await readLogoFile(file);
    if (!read.ok) return setRefusal(styleProblemText(read.problem));
    void propose({ ...style, logo: read.logo }, t('qrStyleSaved'));
  };

  return (
    <fieldset className="qr-style" disabled={style.org?.locked} aria-describedby={style.org ? `${id}-org` : undefined}>
      <legend className="visually-hidden">{t('qrStyle')}</legend>
      {/* The organisation's style (its policy's): locked, or a default the user may change. */}
      {style.org && (
        <p id={`${id}-org`} className="muted qr-style-hint">
          {t(style.org.locked ? 'optionsManagedLocked' : 'optionsManagedDefault')}
        </p>
      )}
      <div className="qr-style-colours">
        <label htmlFor={`${id}-fg`}>{t('qrStyleForeground')}</label>
        <input id={`${id}-fg`} type="color" value={draft.foreground} onChange={(e) => colour('foreground')(e.target.value)} />
        <label htmlFor={`${id}-bg`}>{t('qrStyleBackground')}</label>
        <input id={`${id}-bg`} type="color" value={draft.background} onChange={(e) => colour('background')(e.target.value)} />
      </div>
      <label htmlFor={`${id}-logo`}>{t('qrStyleLogo')}</label>
      <input
        id={`${id}-logo`}
        type="file"
        accept="image/png,image/jpeg,image/svg+xml"
        aria-describedby={`${id}-logo-hint`}
        onChange={(e) => {
          void pickLogo(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <p id={`${id}-logo-hint`} className="muted qr-style-hint">
        {style.logo ? `${style.logo.name} · ` : ''}
        {t('qrStyleLogoHint', logoLimitKb())}
      </p>
      {refusal && <div role="alert">{refusal}</div>}
      <div className="row qr-actions">
        {style.logo && (
          <button type="button" onClick={() => void propose({ ...style, logo: null }, t('qrStyleSaved'))}>
            {t('qrStyleRemoveLogo')}
          </button>
        )}
        <button type="button" onClick={() => void propose(null, t('qrStyleResetDone'))}>
          {t('qrStyleReset')}
        </button>
      </div>
    </fieldset>
  );
}
