// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KIOSK_OFFLINE_MESSAGE, OFFLINE_KEPT_MESSAGE, OFFLINE_TITLE } from '@chain/domain';
import { OfflineNotice } from './offline-notice';

// Issue 18: «Нет соединения» while the network is gone; the kiosk's own calm screen.
function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => void window.dispatchEvent(new Event(offline ? 'offline' : 'online')));
}

describe('the offline notice (issue 18)', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the banner on a phone while offline, and nothing once back', () => {
    render(<OfflineNotice kiosk={false} />);
    expect(screen.queryByRole('status')).toBeNull();
    goOffline(true);
    expect(screen.getByRole('status').textContent).toBe(`${OFFLINE_TITLE} ${OFFLINE_KEPT_MESSAGE}`);
    goOffline(false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('covers the kiosk with its own calm screen while offline', () => {
    render(<OfflineNotice kiosk />);
    goOffline(true);
    const screenOf = screen.getByRole('alertdialog', { name: OFFLINE_TITLE });
    expect(screenOf.textContent).toContain(KIOSK_OFFLINE_MESSAGE);
    goOffline(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
