import { describe, expect, it } from 'vitest';
import { openOptions, section, within, withOptionsWorker } from './setup';

const worker = withOptionsWorker();

describe('UTM presets as listed', () => {
  it('show each value as it will be sent: an & or = inside a value does not read as another parameter', async () => {
    const preset = { id: 'p1', name: 'Autumn', source: 'news', medium: 'e=mail', campaign: ' autumn sale & more ', term: '', content: '' };
    worker.linkRules = { presets: [preset], rules: [], campaignPresets: {} };
    openOptions();
    const region = await section('UTM presets');
    const summary = await within(region).findByText(/^utm_source=/);
    expect(summary.textContent).toBe('utm_source=news&utm_medium=e%3Dmail&utm_campaign=autumn%20sale%20%26%20more');
  });
});
