import { useOptions } from './OptionsContext';
import { isPageWide } from '@/lib/ui/options/store';
import { errorSentence } from '@/lib/i18n/errorText';
import { t } from '@/lib/i18n';

/**
 * The head of the presets and rules (kept in this browser): "Loading…" or that they could not be
 * read; the reason is said once on the page (`says`: in this section), a page-wide one in the connection box.
 */
export function LinkRulesHead({ says = false }: { says?: boolean }) {
  const rules = useOptions((s) => s.linkRules);
  if (rules.state === 'error' && rules.error) {
    if (says && !isPageWide(rules.error)) return <p role="alert">{errorSentence(rules.error, 'options')}</p>;
    return <p className="muted">{t(isPageWide(rules.error) ? 'optionsNotLoadedSeeConnection' : 'optionsRulesNotLoaded')}</p>;
  }
  if (!rules.value) return <p className="muted">{t('commonLoading')}</p>;
  return null;
}

/** A new local id for a preset or a rule. */
export function newId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
