/**
 * A link made from the context menu, the keyboard shortcut or the address bar: no page waits for
 * it, so every outcome is a notification (made, queued, refused, failed), and the choices are the
 * defaults of the preferences with the site rule's over them.
 */
import { t } from '@/lib/i18n';
import { clock } from '@/lib/i18n/format';
import { errorSentence } from '@/lib/i18n/errorText';
import { cleanUrl } from '@/lib/links/cleanUrl';
import { ruleFallbackText } from '@/lib/links/ruleWords';
import type { ShortenOutcome, ShortenRequest } from '@/lib/messaging';
import { settingsItem, type Job } from '@/lib/storage';
import { cannotShortenNotice } from './cannotShorten';
import { ruledLink, warnOnce } from './ruleChoices';
import type { SessionHolder } from './session';
import { QUEUE_ANSWER_AFTER_MS } from './waitEstimates';

interface BackgroundShortenDeps {
  shorten: (req: ShortenRequest, source: Job['source']) => Promise<ShortenOutcome>;
  sessions: SessionHolder;
  notify: (title: string, message: string) => Promise<void>;
  now: () => number;
}

/** The menu's, shortcut's and address bar's shorten: the defaults, the site rule, cleaned when the user wants it; told by notification. */
export function backgroundShorten({ shorten, sessions, notify, now }: BackgroundShortenDeps) {
  return async (url: string | undefined, source: Exclude<Job['source'], 'popup'>, title?: string, fromPrivate = false): Promise<void> => {
    try {
      const refused = cannotShortenNotice(url, source);
      if (refused || !url) {
        await notify(refused?.title ?? t('notifyCannotTitle'), refused?.body ?? t('notifyCannotBody'));
        return;
      }
      const settings = await settingsItem.getValue();
      const s = await sessions.require();
      // The site rule's choices over the defaults, its UTM preset added after the cleaning.
      const base = { domainId: settings.defaultDomainId, campaignId: settings.defaultCampaignId, channelId: settings.defaultChannelId };
      const ruled = await ruledLink(s, settings.cleanLinks ? cleanUrl(url).url : url, base);
      if (ruled.warnKey && (await warnOnce(s.fingerprint, ruled.warnKey)))
        await notify(t('ruleFallbackTitle'), ruleFallbackText(ruled.site!, ruled.missing));
      const outcome = await shorten(
        {
          url: ruled.url,
          domainId: ruled.domainId,
          campaignId: ruled.campaignId,
          channelId: ruled.channelId,
          ...(title ? { title } : {}),
          ...(fromPrivate ? { private: true } : {}),
        },
        source,
      );
      if (outcome.status === 'queued' && outcome.expectedAt - now() > QUEUE_ANSWER_AFTER_MS) {
        await notify(t('notifyQueuedTitle'), t('notifyQueuedBody', clock(outcome.expectedAt)));
      }
    } catch (e) {
      await notify(t('notifyFailedTitle'), errorSentence(e, 'notification'));
    }
  };
}
