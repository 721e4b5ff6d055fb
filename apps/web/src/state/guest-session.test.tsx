// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useGuestSession } from './guest-session';
import { guestStore } from './store';
import { resetAppStores } from './stores.test-support';

describe('the signed-in guest’s session', () => {
  beforeEach(() => resetAppStores());

  it('is none while signed out, and the guest’s id and token once signed in', () => {
    const { result } = renderHook(() => useGuestSession());
    expect(result.current).toBeNull();
    act(() => guestStore.getState().setUser({ authorized: true, id: '42', password: 'token' }));
    expect(result.current).toEqual({ id: '42', password: 'token' });
    act(() => guestStore.getState().logout());
    expect(result.current).toBeNull();
  });

  it('stays the same object while the session lasts, whatever else of the guest changes', () => {
    guestStore.getState().setUser({ authorized: true, id: '42', password: 'token' });
    const { result } = renderHook(() => useGuestSession());
    const first = result.current;
    act(() => guestStore.getState().setUser({ name: 'Анна' }));
    expect(result.current).toBe(first);
  });
});
