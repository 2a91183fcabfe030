/** Gives an extension page the language of its messages and a translated title. */
import { t, type MessageKey } from '@/lib/i18n';

/** Sets <html lang> to the catalogue's language (the one the texts are in) and the page title. */
export function localizePage(titleKey: MessageKey): void {
  document.documentElement.lang = t('commonHtmlLang') || 'en';
  document.title = t(titleKey);
}
