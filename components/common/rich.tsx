import { Fragment, type ReactNode } from 'react';
import { t, type MessageKey } from '@/lib/i18n';

const MARK = '\u2063';
const SPLIT = new RegExp(`${MARK}(\\d+)${MARK}`);

/**
 * A translated message whose substitutions may be elements (a <strong>, a styled <span>):
 * the message is translated with markers in their places, then split around them.
 */
export function richText(key: MessageKey, ...subs: ReactNode[]): ReactNode[] {
  const parts = t(key, ...subs.map((_, i) => `${MARK}${i}${MARK}`)).split(SPLIT);
  // split with a capture group: text, index, text, index, …, text
  return parts.flatMap((part, i) => {
    if (i % 2 === 0) return part ? [<Fragment key={i}>{part}</Fragment>] : [];
    return [<Fragment key={i}>{subs[Number(part)]}</Fragment>];
  });
}
