import { describe, expect, it } from 'vitest';
import {
  cookTimeText,
  DEFAULT_KITCHEN_CAPACITY,
  forecastWork,
  LOAD_COLOURS,
  loadBand,
  loadedCookMinutes,
  loadPercent,
  timeColour,
} from '../src/load';

describe('restaurant load (SPEC 3 Load info, decision 014)', () => {
  it('is the hour’s cook-minutes over the kitchen’s hourly capacity, in whole percent', () => {
    expect(loadPercent(0, 360)).toBe(0);
    expect(loadPercent(180, 360)).toBe(50);
    expect(loadPercent(1, 360)).toBe(0);
    expect(loadPercent(2, 360)).toBe(1);
    expect(loadPercent(270, 360)).toBe(75);
  });

  it('never shows more than 100 % or less than 0 %', () => {
    expect(loadPercent(1000, 360)).toBe(100);
    expect(loadPercent(-5, 360)).toBe(0);
  });

  it('uses the default capacity when a kitchen has none', () => {
    expect(DEFAULT_KITCHEN_CAPACITY).toBe(360);
    expect(loadPercent(180, 0)).toBe(50);
    expect(loadPercent(180, Number.NaN)).toBe(50);
  });

  it('measures the load against the kitchen’s own capacity when it has one', () => {
    expect(loadPercent(180, 720)).toBe(25);
    expect(loadPercent(180, 180)).toBe(100);
    expect(loadedCookMinutes(12, 360, 720)).toBe(18);
  });

  it('bands the load: below 40 free and green, below 75 medium and amber, else high and red; closed grey', () => {
    expect(loadBand(0)).toEqual({ text: 'Свободно', colour: LOAD_COLOURS.free });
    expect(loadBand(39)).toEqual({ text: 'Свободно', colour: '#FF2E7D32' });
    expect(loadBand(40)).toEqual({ text: 'Средняя загрузка', colour: '#FFB26B00' });
    expect(loadBand(74).text).toBe('Средняя загрузка');
    expect(loadBand(75)).toEqual({ text: 'Высокая загрузка', colour: '#FFB3261E' });
    expect(loadBand(100).text).toBe('Высокая загрузка');
    expect(loadBand(90, false)).toEqual({ text: 'Закрыто', colour: '#FF5F6B75' });
  });

  it('stretches a cook time by the load: time × (1 + work / capacity)', () => {
    expect(loadedCookMinutes(12, 0, 360)).toBe(12);
    expect(loadedCookMinutes(12, 180, 360)).toBe(18);
    expect(loadedCookMinutes(15, 720, 360)).toBe(45);
    expect(loadedCookMinutes(0, 720, 360)).toBe(0);
  });

  it('gives 0 minutes for a dish with no cooking, whatever the queue, and never a negative or missing time', () => {
    expect(loadedCookMinutes(0, Number.POSITIVE_INFINITY, 360)).toBe(0);
    expect(loadedCookMinutes(-5, 180, 360)).toBe(0);
    expect(loadedCookMinutes(Number.NaN, 180, 360)).toBe(0);
  });

  it('colours the time: up to 20 minutes green, up to 40 amber, above red', () => {
    expect(timeColour(20)).toBe(LOAD_COLOURS.free);
    expect(timeColour(21)).toBe(LOAD_COLOURS.medium);
    expect(timeColour(40)).toBe(LOAD_COLOURS.medium);
    expect(timeColour(41)).toBe(LOAD_COLOURS.high);
  });

  it('says a cook time as «около N мин» (SPEC 2)', () => {
    expect(cookTimeText(25)).toBe('около 25 мин');
    expect(cookTimeText(0)).toBe('');
  });

  it('forecasts the scheduled work plus the average of the past weeks', () => {
    expect(forecastWork(60, 240)).toBe(120);
    expect(forecastWork(0, 0)).toBe(0);
    expect(forecastWork(30, 100, 0)).toBe(30);
  });
});
