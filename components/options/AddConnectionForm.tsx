import { useEffect, useId, useRef } from 'react';
import { t } from '@/lib/i18n';
import {
  checkConnectionInput,
  connectionFailureText,
  permitOrigin,
  SERVICE_URL_FIELD,
  type RequestPermission,
} from '@/lib/ui/options/connectionInput';
import { TextField, useFields } from './fields';
import { FormCard } from './FormCard';
import { useOptions } from './OptionsContext';
import { useSubmit } from './useSubmit';

/**
 * "Add connection": name, service URL and key, checked as the Connection section checks them,
 * the host permission asked inside the click, then verified and made current by the worker.
 * `onClose` gets the note to show after an addition (none when cancelled).
 */
export function AddConnectionForm({
  requestPermission,
  onClose,
}: {
  requestPermission: RequestPermission;
  onClose: (added?: string) => void;
}) {
  const addConnection = useOptions((s) => s.addConnection);
  const { fields, set } = useFields({ name: '', url: '', key: '' });
  const id = useId();
  const sentTo = useRef('');
  const submit = useSubmit({
    // A new connection always needs its key.
    check: () => checkConnectionInput(fields, () => 'optionsKeyRequired'),
    run: async ({ name, url, origin, apiKey }) => {
      sentTo.current = url;
      // Asked first and synchronously: the browser grants it only inside the user's gesture.
      await permitOrigin(origin, requestPermission);
      const shown = await addConnection(name, url, apiKey);
      onClose(t('optionsConnectionAdded', shown));
    },
    describe: (err) => connectionFailureText(err, sentTo.current),
  });
  // The opened form takes the focus on its first field.
  useEffect(() => {
    submit.form.current?.querySelector('input')?.focus();
  }, [submit.form]);

  return (
    <FormCard label={t('optionsAddConnection')} submit={submit} submitLabel={t('optionsSave')} onCancel={() => onClose()}>
      <p className="muted">{t('optionsAddConnectionHelp')}</p>
      <TextField
        id={`${id}-name`}
        name="name"
        label={t('optionsConnectionName')}
        autoComplete="off"
        value={fields.name}
        onChange={set('name')}
      />
      <TextField
        id={`${id}-url`}
        name="serviceUrl"
        {...SERVICE_URL_FIELD}
        label={t('optionsServiceUrl')}
        value={fields.url}
        onChange={set('url')}
      />
      <TextField
        id={`${id}-key`}
        name="apiKey"
        type="password"
        autoComplete="off"
        spellCheck={false}
        aria-required="true"
        label={t('optionsApiKey')}
        value={fields.key}
        onChange={set('key')}
      />
    </FormCard>
  );
}
