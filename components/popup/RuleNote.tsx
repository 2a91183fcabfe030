import { usePopup } from './PopupContext';
import { missingWords } from '@/lib/links/ruleWords';
import { t } from '@/lib/i18n';

/** "Rule: example.com/blog/" (or "Your organisation's rule: …"): the site rule that chose the defaults, and what of it fell back because it is gone. */
export function RuleNote() {
  const rule = usePopup((s) => s.rule);
  if (!rule) return null;
  return (
    <p role="status" className="hint rule-note">
      {t(rule.org ? 'popupRuleOrg' : 'popupRule', rule.site)}
      {rule.missing.length > 0 && ` ${t('popupRuleFallback', missingWords(rule.missing))}`}
    </p>
  );
}
