import { useEffect } from 'react';
import { Accessibility } from 'lucide-react';
import { kioskStore, useKioskState } from '../state/store';
import { IconButton } from '../ui/button';
import { classNames } from '../ui/class-names';
import type { KioskScreen } from './kiosk-screen';
import './kiosk-accessibility.css';

/** The root class that turns the mode's tokens and layout on (ui/tokens.css, ui/screen.css). */
const ROOT_CLASS = 'kiosk-accessible';
/** Also on the root while the screen's content is longer than the space for it (ui/screen.css). */
const LONG_SCREEN_CLASS = 'kiosk-long-screen';

/**
 * Whether the current screen's content is taller than the room between its top bar and its
 * action bar. Content that fits already sits at the bottom (the kiosk's screens are laid out from
 * the bottom up); only a longer one, a list the guest scrolls, needs to be started lower.
 */
export function isLongScreen(doc: Document): boolean {
  const main = doc.querySelector<HTMLElement>('.screen__main');
  const first = main?.firstElementChild;
  const last = main?.lastElementChild;
  if (!main || !first || !last) return false;
  const style = getComputedStyle(main);
  const content =
    last.getBoundingClientRect().bottom -
    first.getBoundingClientRect().top +
    Number.parseFloat(style.paddingBottom || '0');
  const topBar = doc.querySelector<HTMLElement>('.top-bar')?.offsetHeight ?? 0;
  const actions = doc.querySelector<HTMLElement>('.screen__actions')?.offsetHeight ?? 0;
  return content > window.innerHeight - topBar - actions;
}

/**
 * Issue 14 / docs/design.md Kiosk, further: accessibility mode, one tap from every kiosk screen.
 * Mounted only in kiosk mode. The button stays in the lower left, within reach of a seated guest;
 * its name says what a tap does (DESIGN: a toggle names what a tap does), the filled button shows
 * that the mode is on. The mode itself is CSS under `:root.kiosk-accessible` (content in the lower
 * half, larger type and targets, higher contrast) and kioskIdleTimes' longer times.
 */
export default function KioskAccessibility({ screen }: { screen: KioskScreen }) {
  const on = useKioskState((state) => state.kioskAccessible);
  const offered = screen !== null;
  const active = on && offered;

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle(ROOT_CLASS, active);
    return () => root.classList.remove(ROOT_CLASS);
  }, [active]);

  useEffect(() => {
    if (!active || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    let frame = 0;
    const measure = () => {
      frame = 0;
      root.classList.toggle(LONG_SCREEN_CLASS, isLongScreen(document));
    };
    // The page's height changes when a screen's content loads, grows or is replaced by the next
    // screen's; measured once per frame, after layout.
    const observer = new ResizeObserver(() => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    });
    observer.observe(document.body);
    measure();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      root.classList.remove(LONG_SCREEN_CLASS);
    };
  }, [active]);

  if (!offered) return null;
  return (
    <IconButton
      className={classNames('kiosk-access-toggle', on && 'kiosk-access-toggle--on')}
      label={on ? 'Выключить режим доступности' : 'Включить режим доступности'}
      icon={<Accessibility aria-hidden="true" />}
      onClick={() => kioskStore.getState().setKioskAccessible(!on)}
    />
  );
}
