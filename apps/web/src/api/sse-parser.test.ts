import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse-parser';

const parse = (...chunks: string[]): SseEvent[] => {
  const events: SseEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  return events;
};

describe('the event-stream parser', () => {
  it('reads named events, joins data lines and skips comments', () => {
    expect(parse(': keep-alive\n\nevent: status\ndata: {"a":1}\n\ndata: one\ndata:two\n\n')).toEqual([
      { event: 'status', data: '{"a":1}' },
      { event: 'message', data: 'one\ntwo' },
    ]);
  });

  it('takes events split anywhere across chunks, with LF, CR or CRLF', () => {
    expect(parse('eve', 'nt: status\r', '\ndata: {"b"', ':2}\r\n\r', '\n')).toEqual([
      { event: 'status', data: '{"b":2}' },
    ]);
    expect(parse('event: status\rdata: x\r\r')).toEqual([{ event: 'status', data: 'x' }]);
  });

  it('drops an event without data and ignores id and retry; an unfinished event waits', () => {
    expect(parse('event: status\n\nid: 7\nretry: 10\ndata: y\n\nevent: status\ndata: z\n')).toEqual([
      { event: 'message', data: 'y' },
    ]);
  });
});
