import { useEffect } from 'react';
import { Accessibility } from 'lucide-react';
import { appStore, useAppState } from '../state/store';
import { IconButton } from '../ui/button';
import { classNames } from '../ui/class-names';
import type { KioskScreen } from './kiosk-screen';
import './kiosk-accessibility.css';

/** The root class that turns the mode's tokens and layout on (ui/tokens.css, ui/screen.css). */
const ROOT_CLASS = 'kiosk-accessible';

/**
 * Issue 14 / DESIGN.md Kiosk, further: accessibility mode, one tap from every kiosk screen.
 * Mounted only in kiosk mode. The button stays in the lower left, within reach of a seated guest;
 * its name says what a tap does (DESIGN: a toggle names what a tap does), the filled button shows
 * that the mode is on. The mode itself is CSS under `:root.kiosk-accessible` (content in the lower
 * half, larger type and targets, higher contrast) and kioskIdleTimes' longer times.
 */
export default function KioskAccessibility({ screen }: { screen: KioskScreen }) {
  const on = useAppState((state) => state.kioskAccessible);
  const offered = screen !== null;

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle(ROOT_CLASS, on && offered);
    return () => root.classList.remove(ROOT_CLASS);
  }, [on, offered]);

  if (!offered) return null;
  return (
    <IconButton
      className={classNames('kiosk-access-toggle', on && 'kiosk-access-toggle--on')}
      label={on ? 'Выключить режим доступности' : 'Включить режим доступности'}
      icon={<Accessibility aria-hidden="true" />}
      onClick={() => appStore.getState().setKioskAccessible(!on)}
    />
  );
}
