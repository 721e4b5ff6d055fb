/** Where HAProxy is (HAPROXY_PATH, default Debian's /usr/sbin/haproxy). */
export const HAPROXY: string;

/** Why HAProxy cannot run here (a sentence), or null once it is found or installed (apt-get, as root). */
export function missingHaproxy(): string | null;

/** HAProxy terminating TLS with HTTP/2 in front of a local port, with a certificate made for localhost. */
export function startTlsBalancer(targetPort: number): Promise<{ url: string; stop: () => Promise<void> }>;
