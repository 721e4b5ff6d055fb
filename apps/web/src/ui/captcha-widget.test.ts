// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCaptchaScript, type SmartCaptchaApi } from './captcha-widget';

type Scope = { smartCaptcha?: SmartCaptchaApi; __chainCaptchaLoaded?: () => void };

describe('the captcha service script (decision 061)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    delete (globalThis as Scope).smartCaptcha;
  });

  /** The scripts the loader adds, recorded instead of fetched. */
  function recordScripts(): HTMLScriptElement[] {
    const added: HTMLScriptElement[] = [];
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      for (const node of nodes) if (node instanceof HTMLScriptElement) added.push(node);
    });
    return added;
  }

  it('tries again after a script that did not load', async () => {
    const added = recordScripts();
    const failed = loadCaptchaScript('https://captcha.example/captcha.js');
    added[0]?.onerror?.(new Event('error'));
    await expect(failed).rejects.toThrow('captcha did not load');
    void loadCaptchaScript('https://captcha.example/captcha.js').catch(() => undefined);
    expect(added).toHaveLength(2);
    added[1]?.onerror?.(new Event('error'));
  });

  it('adds the script once with render=onload and its onload global, and resolves with window.smartCaptcha once it calls back', async () => {
    const added = recordScripts();
    const first = loadCaptchaScript('/sandbox/smartcaptcha/captcha.js');
    const second = loadCaptchaScript('/sandbox/smartcaptcha/captcha.js');
    expect(added.map((script) => script.getAttribute('src'))).toEqual([
      '/sandbox/smartcaptcha/captcha.js?render=onload&onload=__chainCaptchaLoaded',
    ]);
    const api = { render: vi.fn(), reset: vi.fn(), destroy: vi.fn(), subscribe: vi.fn() };
    (globalThis as Scope).smartCaptcha = api;
    (globalThis as Scope).__chainCaptchaLoaded?.();
    await expect(first).resolves.toBe(api);
    await expect(second).resolves.toBe(api);
  });
});
