/** One Server-Sent Event: its type (`message` when the stream names none) and its data lines joined with '\n'. */
export interface SseEvent {
  readonly event: string;
  readonly data: string;
}

/**
 * A Server-Sent Events parser (the WHATWG event-stream format) fed with text as it arrives: lines
 * end with LF, CR or CRLF (a CRLF split between two chunks counts once), a line starting with ':'
 * is a comment (the server's keep-alive), `event:` names the type, `data:` lines are joined with
 * '\n', and a blank line dispatches the event (an event without data is dropped, as browsers do).
 */
export function createSseParser(onEvent: (event: SseEvent) => void): { push: (chunk: string) => void } {
  let buffer = '';
  let skipLeadingLf = false;
  let type = '';
  let data: string[] = [];

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: type === '' ? 'message' : type, data: data.join('\n') });
      type = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
    // `id` and `retry` are not used: a reconnect starts with the current state anyway.
  };

  return {
    push(chunk) {
      buffer += chunk;
      if (skipLeadingLf && buffer.startsWith('\n')) buffer = buffer.slice(1);
      skipLeadingLf = false;
      for (;;) {
        const end = buffer.search(/[\r\n]/);
        if (end === -1) break;
        const crlf = buffer[end] === '\r' && buffer[end + 1] === '\n';
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + (crlf ? 2 : 1));
        // A CR that ends the chunk may be the first half of a CRLF.
        if (!crlf && buffer === '' && chunk.endsWith('\r')) skipLeadingLf = true;
      }
    },
  };
}
