import { useEffect, useId, useRef, useState } from 'react';
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
  // Changes are made one after another, each on the style the one before kept: a logo picked
  // while a colour is being kept keeps the colour too.
  const base = useRef(style);
  const colours = useRef(draft);
  const pending = useRef(0);
  const queue = useRef(Promise.resolve());
  useEffect(() => {
    if (pending.current === 0) base.current = style;
  }, [style]);

  /** Checks a change on the style in force, then keeps and applies it; a refusal says why and changes nothing drawn. */
  const propose = (change: Partial<QrStyle> | null, done: string) => {
    pending.current += 1;
    queue.current = queue.current.then(async () => {
      const next = change && { ...base.current, ...change };
      const problem: StyleProblem | null = next ? checkQrStyle(next) : null;
      if (problem) setRefusal(styleProblemText(problem));
      else {
        setRefusal('');
        try {
          const kept = await save(next);
          base.current = kept;
          onApply(kept);
          if (pending.current === 1) showColours({ foreground: kept.foreground, background: kept.background });
          say(done);
        } catch (e) {
          setRefusal(t('qrStyleSaveFailed', errorSentence(e, 'popup')));
        }
      }
      pending.current -= 1;
    });
  };

  const showColours = (next: typeof draft) => {
    colours.current = next;
    setDraft(next);
  };

  const colour = (key: 'foreground' | 'background') => (value: string) => {
    showColours({ ...colours.current, [key]: value });
    propose({ ...colours.current, [key]: value.toLowerCase() }, t('qrStyleSaved'));
  };

  const pickLogo = async (file: File | undefined) => {
    if (!file) return;
    const read = await readLogoFile(file);
    if (!read.ok) return setRefusal(styleProblemText(read.problem));
    propose({ logo: read.logo }, t('qrStyleSaved'));
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
          <button type="button" onClick={() => propose({ logo: null }, t('qrStyleSaved'))}>
            {t('qrStyleRemoveLogo')}
          </button>
        )}
        <button type="button" onClick={() => propose(null, t('qrStyleResetDone'))}>
          {t('qrStyleReset')}
        </button>
      </div>
    </fieldset>
  );
}
