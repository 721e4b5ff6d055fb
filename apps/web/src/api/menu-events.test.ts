import { describe, expect, it, vi } from 'vitest';
import { followCatalogue } from './menu-events';

// Issue 17: a guest's open menu is asked again when the catalogue changes (a dish stopped).

function streamResponse() {
  const encoder = new TextEncoder();
  let control!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (controller) => void (control = controller) });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (version: number) => control.enqueue(encoder.encode(`event: catalogue\ndata: {"version":${version}}\n\n`)),
    end: () => control.close(),
  };
}

describe('followCatalogue (issue 17)', () => {
  it('calls back on each version after the first, not for the first or the same version again', async () => {
    const stream = streamResponse();
    const fetchImpl = vi.fn(() => Promise.resolve(stream.response));
    const changed = vi.fn();
    const doc = {
      visibilityState: 'visible' as DocumentVisibilityState,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
    const stop = followCatalogue(changed, { fetchImpl: fetchImpl as unknown as typeof fetch, document: doc });
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
    expect(fetchImpl.mock.calls[0]).toBeDefined();
    stream.send(7);
    stream.send(7);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(changed).not.toHaveBeenCalled();
    stream.send(8);
    await vi.waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    stream.send(9);
    await vi.waitFor(() => expect(changed).toHaveBeenCalledTimes(2));
    stop();
  });
});
