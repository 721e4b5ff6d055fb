/**
 * Adds a vendor's script to the page, loading asynchronously; `failed` runs when it cannot be
 * fetched. Only code that needs the vendor asks (the map with a Yandex key, the sign-in with a
 * captcha service), and the CSP allows the vendor's origin only in those configurations.
 */
export function addVendorScript(src: string, failed: () => void, doc: Document = document): HTMLScriptElement {
  const script = doc.createElement('script');
  script.src = src;
  script.async = true;
  script.onerror = failed;
  doc.head.append(script);
  return script;
}
