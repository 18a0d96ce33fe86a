import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, render, screen, waitFor } from '@testing-library/react';
import type { TInstallation } from '@app/shared';
import { I18nProvider } from '../../../i18n/I18nProvider';
import { loadCataloguePart } from '../../../i18n/catalogue';
import { INSTALL_POLL_MS, InstallCheck } from './InstallCheck';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 20_000 });

let visibility: DocumentVisibilityState = 'visible';
beforeEach(async () => {
  await loadCataloguePart('dashboard');
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  // Only the polling interval is faked: promises and the testing library's own timers run as usual.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const seen = (origin: string): TInstallation => {
  const at = new Date(Date.now() - 60_000).toISOString();
  return { installs: [{ origin, first_seen_at: at, last_seen_at: at }] };
};

describe('InstallCheck', () => {
  it('looks again by itself while not seen and the page is visible, and stops once installed', async () => {
    let answer: TInstallation = { installs: [] };
    const installation = vi.fn(async () => ({ ok: true as const, status: 200, value: answer }));
    render(
      <I18nProvider initialLang="en">
        <InstallCheck api={{ installation }} canTalk />
      </I18nProvider>,
    );
    expect(await screen.findByText('Not seen yet')).toBeTruthy();
    expect(installation).toHaveBeenCalledTimes(1);

    // Not before the interval; then once each interval.
    act(() => vi.advanceTimersByTime(INSTALL_POLL_MS - 1));
    expect(installation).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    await waitFor(() => expect(installation).toHaveBeenCalledTimes(2));

    // A hidden page does not ask; coming back to it asks at once.
    visibility = 'hidden';
    act(() => vi.advanceTimersByTime(INSTALL_POLL_MS));
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(installation).toHaveBeenCalledTimes(2);
    answer = seen('https://oudhouse.sa');
    visibility = 'visible';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(installation).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(screen.getByTestId('install-status').textContent).toContain('oudhouse.sa'));
    // The automatic checks never turned the button into "Checking…".
    expect(screen.getByTestId('install-check-again').textContent).toBe('Check again');

    // Seen: no more automatic checks.
    act(() => vi.advanceTimersByTime(3 * INSTALL_POLL_MS));
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(installation).toHaveBeenCalledTimes(3);
  });
});
