/**
 * This device's tokens for the staff logins that signed in on it (issue 30.3, decision 039), kept
 * in localStorage so they outlive the browser session that the staff session itself does not. A
 * token is no credential: it only tells the server this device signed in as that login before,
 * so a stranger's wrong passwords never put it behind a captcha. The most recent logins only.
 */
const KEY = 'chain-staff-devices';
const MAX_LOGINS = 20;

type Devices = Record<string, string>;

/** The login as the server keeps it: trimmed, lower-case. */
const loginKey = (login: string) => login.trim().toLowerCase();

function read(): Devices {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/** The device token of this login on this device, if it signed in here before. */
export function deviceTokenFor(login: string): string | undefined {
  return read()[loginKey(login)];
}

/** Keeps the token the last sign-in of this login answered; the oldest logins beyond MAX_LOGINS are dropped. */
export function rememberDeviceToken(login: string, token: string): void {
  const key = loginKey(login);
  const others = Object.entries(read()).filter(([name]) => name !== key);
  const kept = Object.fromEntries([...others.slice(-(MAX_LOGINS - 1)), [key, token]]);
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Private mode without storage: the next sign-in here is a stranger's, behind a captcha if need be.
  }
}
