import { safeHexColor } from '@/lib/ui/options/forms';
import { t } from '@/lib/i18n';

/** A channel's colour: a swatch and its hex text (nothing when the channel has none). */
export function ColorBadge({ color }: { color: string }) {
  const hex = safeHexColor(color);
  if (!hex) return <span className="muted">{t('optionsNoColour')}</span>;
  return (
    <span className="badge">
      <span className="swatch" style={{ backgroundColor: hex }} aria-hidden="true" />
      <code>{hex.toUpperCase()}</code>
    </span>
  );
}
