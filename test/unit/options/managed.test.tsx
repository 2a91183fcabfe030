import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parsePolicy } from '@/lib/storage/policy';
import { openOptions, withOptionsWorker } from './setup';

const worker = withOptionsWorker();

describe('settings the organisation set (policy)', () => {
  it('a locked service URL is shown, disabled, with the reason; a preset default stays changeable', async () => {
    const managed = parsePolicy({
      serviceUrl: 'https://links.corp.example',
      keepHistory: false,
      defaultDomainId: 4,
      locked: ['serviceUrl', 'keepHistory'],
    });
    worker.connection = { connected: false, serviceUrl: 'https://links.corp.example', keyHint: null, managed };
    worker.settings = { ...worker.settings, keepHistory: false, defaultDomainId: 4 };
    openOptions();
    const url = (await screen.findByLabelText('Service URL')) as HTMLInputElement;
    await waitFor(() => expect(url.value).toBe('https://links.corp.example'));
    expect(url.disabled).toBe(true);
    expect(url.getAttribute('aria-describedby')).toBeTruthy();
    const described = url
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(described).toContain('Set by your organisation; it cannot be changed here.');
    // The API key is still the user's to enter.
    expect((screen.getByLabelText('API key') as HTMLInputElement).disabled).toBe(false);

    const history = (await screen.findByLabelText('Keep history')) as HTMLInputElement;
    expect(history.disabled).toBe(true);
    expect(history.checked).toBe(false);
    const domain = screen.getByLabelText('Default domain') as HTMLSelectElement;
    expect(domain.disabled).toBe(false);
    expect(screen.getByText(/Your organisation set: Service URL, Default domain, Keep history\./)).toBeTruthy();
    expect(screen.getAllByText('Preset by your organisation; you can change it.').length).toBe(1);
  });

  it('a member the policy names that is ignored (unknown, wrong) is said, and the rest still applies', async () => {
    const managed = parsePolicy(JSON.parse('{"constructor": 1, "keepHistory": "no", "defaultDomainId": 4}'));
    worker.connection = { connected: false, serviceUrl: null, keyHint: null, managed };
    worker.settings = { ...worker.settings, defaultDomainId: 4 };
    openOptions();
    expect(
      await screen.findByText("Ignored in your organisation's policy (the rest of it applies): constructor, keepHistory."),
    ).toBeTruthy();
    expect(screen.getByText(/Your organisation set: Default domain\./)).toBeTruthy();
  });

  it('without a policy nothing is marked or disabled', async () => {
    openOptions();
    const url = (await screen.findByLabelText('Service URL')) as HTMLInputElement;
    expect(url.disabled).toBe(false);
    expect(((await screen.findByLabelText('Keep history')) as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByText(/organisation/)).toBeNull();
  });
});
