import { matchAppRoute } from '@chain/contract';

/** Which of kioskIdleTimes' screens a kiosk shows, or null where a kiosk guest never stands. */
export type KioskScreen = 'home' | 'payment' | 'other' | null;

/**
 * The screen of a path in kiosk mode. null for the two pages no kiosk guest stands at: the Kiosk
 * start page is staff's (turning kiosk mode on or off), and a follow link is opened on a guest's
 * own phone. Neither idles nor offers accessibility mode. It lives in the shell, which already
 * matches routes, so the kiosk's lazy parts need nothing of the contract.
 */
export function kioskScreen(path: string): KioskScreen {
  const route: string | undefined = matchAppRoute(path);
  if (route === 'orderType') return 'home';
  if (route === 'payment') return 'payment';
  if (route === 'kiosk' || route === 'follow') return null;
  return 'other';
}
