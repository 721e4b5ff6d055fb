import { describe, expect, it } from 'vitest';
import {
  jsonDepthExceeds,
  MAX_JSON_DEPTH,
  optionalWireId,
  parseJsonText,
  wireCoordinate,
  wireId,
  wireInt,
} from '../src';

describe('the JSON nesting check (issue 11, point 9)', () => {
  it('counts objects and arrays inside one another, up to the limit inclusive', () => {
    expect(jsonDepthExceeds('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(jsonDepthExceeds('{"a":[{"b":[[1]]}]}', 4)).toBe(true);
    expect(jsonDepthExceeds('[]'.repeat(1000), 1)).toBe(false);
    expect(jsonDepthExceeds(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).toBe(false);
    expect(jsonDepthExceeds(`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`)).toBe(true);
  });

  it('reads brackets inside strings as text, escaped quotes and backslashes included', () => {
    expect(jsonDepthExceeds(JSON.stringify({ text: '[[[[{{{{' }), 1)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ text: 'a "quoted" [[[[' }), 1)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ text: 'ends in a backslash \\', next: [[1]] }), 2)).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ text: 'ends in a backslash \\', next: [1] }), 2)).toBe(false);
  });

  it('parses JSON text behind the check, telling too deep from malformed', () => {
    expect(parseJsonText('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonText('{"a":')).toEqual({ ok: false, reason: 'malformed' });
    expect(parseJsonText('[[[1]]]', 2)).toEqual({ ok: false, reason: 'too_deep' });
  });
});

describe('numbers on the wire (issue 11, point 9)', () => {
  it.each([[5], true, '0x10', '1e3', '', ' ', '1.5', '+1', 'Infinity', null, undefined, {}, Number.NaN])(
    'refuses %j as a count',
    (value) => {
      expect(wireInt(0, 99).safeParse(value).success).toBe(false);
    },
  );

  it('takes a number or its plain digits, spaces around trimmed', () => {
    expect(wireInt(0, 99).parse(7)).toBe(7);
    expect(wireInt(0, 99).parse(' 7 ')).toBe(7);
    expect(wireInt(-840, 840).parse('-180')).toBe(-180);
    expect(wireInt(0, 99).safeParse(100).success).toBe(false);
  });

  it('takes an id up to the database integer and refuses 0, negatives and larger ones', () => {
    expect(wireId.parse('2147483647')).toBe(2_147_483_647);
    for (const value of [0, -1, 2_147_483_648, '99999999999']) expect(wireId.safeParse(value).success).toBe(false);
  });

  it('reads "", null, 0 and absent as no id (issue 11, point 10)', () => {
    for (const value of ['', null, 0, '0', undefined]) expect(optionalWireId.parse(value)).toBeUndefined();
    expect(optionalWireId.parse('12')).toBe(12);
    expect(optionalWireId.safeParse(' ').success).toBe(false);
  });

  it('takes a coordinate as a number or decimal text within its range', () => {
    const latitude = wireCoordinate(90, 'широта');
    expect(latitude.parse('55.7574')).toBe(55.7574);
    expect(latitude.parse(-12.5)).toBe(-12.5);
    for (const value of ['55,75', '5.5e1', '91', '', [55], true]) expect(latitude.safeParse(value).success).toBe(false);
  });
});
