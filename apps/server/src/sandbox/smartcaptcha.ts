import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import * as z from 'zod';
import { SANDBOX_SMARTCAPTCHA_PATH } from '../adapters';
import { registerFaultsSwitch, replyFault, takeFault } from './faults';

/**
 * The sandbox captcha service (SANDBOX=1; decision 061, docs/sandbox.md): the counterpart of
 * Yandex SmartCaptcha, so the sign-in with CAPTCHA_PROVIDER=smartcaptcha runs end to end without
 * the internet — the real adapter (adapters/captcha/smartcaptcha.ts) checks its tokens.
 *
 * - `GET …/captcha.js`: a stand-in widget with the real script's global API
 *   (window.smartCaptcha.render(container, { sitekey, callback }) → widget id; getResponse,
 *   reset, destroy, execute, subscribe), drawing a checkbox «Я не робот»; `?onload=name` calls
 *   window[name]() once the API is there, as the real script does.
 * - `POST …/check` `{ sitekey, host }`: what ticking the box does, a token for one check within
 *   5 minutes (the sitekey must be the configured client key).
 * - `POST …/validate`, form `secret`, `token`, `ip`: the service's check — `{ status: "ok",
 *   message: "", host }` for a live unused token, `{ status: "failed", message: "Invalid or
 *   expired Token." }` otherwise; a wrong secret is HTTP 403.
 * - `POST …/faults` `{ count }`: its next `count` checks answer HTTP 503 (a service down).
 */
export const SANDBOX_SMARTCAPTCHA_TOKEN_SECONDS = 5 * 60;

const checkBody = z.object({ sitekey: z.string().max(200), host: z.string().max(300).optional() });
const validateForm = z.object({
  secret: z.string().max(500).optional(),
  token: z.string().max(4096).optional(),
  ip: z.string().max(100).optional(),
});

export const smartcaptchaSandboxRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  const base = SANDBOX_SMARTCAPTCHA_PATH;
  const keys = () => (app.config.captcha.kind === 'smartcaptcha' ? app.config.captcha : null);

  app.get(`${base}/captcha.js`, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-store').send(WIDGET_SCRIPT),
  );

  app.post(`${base}/check`, async (request, reply) => {
    const body = checkBody.safeParse(request.body);
    const configured = keys();
    if (!body.success || configured === null || body.data.sitekey !== configured.clientKey) {
      return reply.status(400).send({ status: 'failed', message: 'Unknown sitekey.' });
    }
    const token = `sandbox-${randomBytes(24).toString('hex')}`;
    await db
      .insertInto('sandbox_smartcaptcha_tokens')
      .values({
        token,
        host: body.data.host ?? '',
        expires_at: new Date(Date.now() + SANDBOX_SMARTCAPTCHA_TOKEN_SECONDS * 1000),
      })
      .execute();
    return { token, expiresIn: SANDBOX_SMARTCAPTCHA_TOKEN_SECONDS };
  });

  app.post(`${base}/validate`, async (request, reply) => {
    if (await takeFault(db, 'sandbox_smartcaptcha_faults')) return replyFault(reply);
    const form = validateForm.safeParse(request.body ?? {});
    const configured = keys();
    if (!form.success || configured === null || form.data.secret !== configured.serverKey) {
      return reply.status(403).send({ status: 'failed', message: 'Authentication failed. Secret is invalid.' });
    }
    const now = new Date();
    // One check per token: the update that marks it used is the check.
    const used = await db
      .updateTable('sandbox_smartcaptcha_tokens')
      .set({ used_at: now })
      .where('token', '=', form.data.token ?? '')
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('host')
      .executeTakeFirst();
    return used
      ? { status: 'ok', message: '', host: used.host }
      : { status: 'failed', message: 'Invalid or expired Token.' };
  });

  registerFaultsSwitch(app, `${base}/faults`, 'sandbox_smartcaptcha_faults', {
    status: 'failed',
    message: 'count: 0…100',
  });
};

/**
 * The stand-in widget. Plain ES2017 with no eval (the CSP allows neither inline scripts nor
 * eval); its styles are inline attributes, which the CSP's style-src allows.
 */
const WIDGET_SCRIPT = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  var src = script && script.src ? new URL(script.src) : new URL('${SANDBOX_SMARTCAPTCHA_PATH}/captcha.js', location.href);
  var base = src.href.replace(/\/captcha\.js(\?.*)?$/, '');
  var widgets = {};
  var nextId = 1;

  function emit(widget, event) {
    (widget.listeners[event] || []).slice().forEach(function (listener) { listener(); });
  }

  function draw(widget) {
    var box = widget.box;
    box.textContent = '';
    var label = document.createElement('label');
    label.setAttribute('style', 'display:flex;align-items:center;gap:12px;min-height:56px;padding:6px 14px;border:1px solid #b8b8b8;border-radius:8px;background:#f7f7f7;color:#1f1f1f;font:16px/1.3 system-ui,sans-serif;cursor:pointer;box-sizing:border-box;max-width:320px');
    var input = document.createElement('input');
    input.type = 'checkbox';
    input.setAttribute('style', 'width:28px;height:28px;margin:0;flex:none;accent-color:#1e7a34');
    var text = document.createElement('span');
    text.textContent = widget.token ? 'Я не робот — проверено' : 'Я не робот';
    var note = document.createElement('span');
    note.textContent = 'Песочница';
    note.setAttribute('style', 'margin-left:auto;font-size:12px;color:#595959');
    input.checked = Boolean(widget.token);
    input.disabled = widget.busy;
    // A passed check stays ticked until its token is used, reset or expires.
    input.addEventListener('change', function () {
      if (widget.token) input.checked = true;
      else if (input.checked) check(widget);
    });
    label.appendChild(input);
    label.appendChild(text);
    label.appendChild(note);
    box.appendChild(label);
    var hidden = document.createElement('input');
    hidden.type = 'hidden';
    hidden.name = 'smart-token';
    hidden.value = widget.token;
    box.appendChild(hidden);
  }

  function check(widget) {
    widget.busy = true;
    draw(widget);
    fetch(base + '/check', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sitekey: widget.sitekey, host: location.host })
    })
      .then(function (response) { return response.ok ? response.json() : Promise.reject(new Error('HTTP ' + response.status)); })
      .then(function (answer) {
        widget.busy = false;
        widget.token = answer.token;
        clearTimeout(widget.timer);
        widget.timer = setTimeout(function () {
          widget.token = '';
          draw(widget);
          emit(widget, 'token-expired');
        }, answer.expiresIn * 1000);
        draw(widget);
        if (typeof widget.callback === 'function') widget.callback(widget.token);
        emit(widget, 'success');
      })
      .catch(function () {
        widget.busy = false;
        draw(widget);
        emit(widget, 'network-error');
      });
  }

  function widgetOf(id) {
    var widget = widgets[id === undefined ? 1 : id];
    if (!widget) throw new Error('smartCaptcha: no widget ' + id);
    return widget;
  }

  window.smartCaptcha = {
    render: function (container, params) {
      var box = typeof container === 'string' ? document.getElementById(container) : container;
      if (!box) throw new Error('smartCaptcha: no container');
      var id = nextId++;
      var widget = { box: box, sitekey: String((params && params.sitekey) || ''), callback: params && params.callback, token: '', busy: false, timer: 0, listeners: {} };
      widgets[id] = widget;
      draw(widget);
      return id;
    },
    getResponse: function (id) { return widgetOf(id).token; },
    reset: function (id) {
      var widget = widgetOf(id);
      clearTimeout(widget.timer);
      widget.token = '';
      widget.busy = false;
      draw(widget);
    },
    destroy: function (id) {
      var widget = widgetOf(id);
      clearTimeout(widget.timer);
      widget.box.textContent = '';
      delete widgets[id === undefined ? 1 : id];
    },
    execute: function () {},
    subscribe: function (id, event, listener) {
      var widget = widgetOf(id);
      (widget.listeners[event] = widget.listeners[event] || []).push(listener);
      return function () {
        widget.listeners[event] = (widget.listeners[event] || []).filter(function (other) { return other !== listener; });
      };
    }
  };

  var onload = src.searchParams.get('onload');
  if (onload && typeof window[onload] === 'function') window[onload]();
})();
`;
