/**
 * What the popup loads after its first render (its worker questions, the waiting links, the
 * styles of what shows later) behaves as if it had been there from the start.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { browser } from 'wxt/browser';
import { ask } from '@/lib/messaging';
import { addStyles } from '@/lib/ui/popup/pageStyles';
import App from '@/entrypoints/popup/App';
import { createPopupStore } from '@/lib/ui/popup/store';
import { answer, entry } from './harness';

vi.mock('@/lib/ui/popup/pageStyles', () => ({ addStyles: vi.fn() }));
const askMock = vi.mocked(ask);
const addStylesMock = vi.mocked(addStyles);

beforeEach(() => {
  addStylesMock.mockReset();
});

describe('the waiting links, loaded on first use', () => {
  it('tells the worker follow A, release A, follow B in that order, each once, when asked at once', async () => {
    answer(askMock);
    const posted: unknown[] = [];
    const port = {
      postMessage: (m: unknown) => posted.push(m),
      onDisconnect: { addListener: () => {} },
      onMessage: { addListener: () => {} },
    };
    vi.spyOn(browser.runtime, 'connect').mockReturnValue(port as never);
    const store = createPopupStore();
    // Called back to back, before the slice's chunk has loaded.
    const calls = [
      store.getState().waitingActions.claim('A'),
      store.getState().waitingActions.release(),
      store.getState().waitingActions.claim('B'),
    ];
    await Promise.all(calls);
    expect(posted).toEqual([{ follow: 'A' }, { release: 'A' }, { follow: 'B' }]);
  });
});

describe('asking the worker after the first render', () => {
  it('asks nothing when the popup closed while that code was loading', async () => {
    answer(askMock, { tabUrl: 'https://example.com/' });
    const store = createPopupStore();
    const started = store.getState().init();
    store.getState().dispose();
    await started;
    await new Promise((r) => setTimeout(r, 20));
    expect(askMock).not.toHaveBeenCalled();
  });
});

describe('the styles of what shows after the first render', () => {
  it('are added once, before the first such part is in the page, and not by the first render', async () => {
    answer(askMock, { tabUrl: 'https://example.com/page', history: [entry({ id: 'e1' })] });
    const partsAtCall: boolean[] = [];
    addStylesMock.mockImplementation(() => partsAtCall.push(!!document.getElementById('recent-search')));
    // The first render, synchronously: nothing loaded later can have run yet, however busy the machine.
    act(() => {
      render(<App />);
    });
    expect(addStylesMock).not.toHaveBeenCalled(); // the first render: the form only
    await waitFor(() => expect(document.getElementById('recent-search')).not.toBeNull());
    await waitFor(() => expect(addStylesMock).toHaveBeenCalledTimes(1));
    expect(partsAtCall).toEqual([false]);
  });
});
