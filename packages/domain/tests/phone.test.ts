import { describe, expect, it } from 'vitest';
import { formatPhoneInput, phoneDigits } from '../src/phone';

describe('phone mask +7 (SPEC 5)', () => {
  it('formats a full number as +7 (XXX) XXX-XX-XX (SPEC 5)', () => {
    expect(formatPhoneInput('79161234567')).toBe('+7 (916) 123-45-67');
    expect(formatPhoneInput('+7 916 123 45 67')).toBe('+7 (916) 123-45-67');
  });

  it('reads a leading 8 as the country code (SPEC 5)', () => {
    expect(formatPhoneInput('89161234567')).toBe('+7 (916) 123-45-67');
    expect(formatPhoneInput('8')).toBe('+7');
  });

  it('keeps a bare ten-digit national number whole', () => {
    expect(formatPhoneInput('9161234567')).toBe('+7 (916) 123-45-67');
    expect(formatPhoneInput('8005553535')).toBe('+7 (800) 555-35-35');
    expect(formatPhoneInput('916')).toBe('+7 (916');
  });

  it('grows the mask as digits are typed', () => {
    expect(formatPhoneInput('+7')).toBe('+7');
    expect(formatPhoneInput('+7 (9')).toBe('+7 (9');
    expect(formatPhoneInput('+7 (916')).toBe('+7 (916');
    expect(formatPhoneInput('+7 (916) 1')).toBe('+7 (916) 1');
    expect(formatPhoneInput('+7 (916) 123')).toBe('+7 (916) 123');
    expect(formatPhoneInput('+7 (916) 123-4')).toBe('+7 (916) 123-4');
    expect(formatPhoneInput('+7 (916) 123-45')).toBe('+7 (916) 123-45');
    expect(formatPhoneInput('+7 (916) 123-45-6')).toBe('+7 (916) 123-45-6');
    expect(formatPhoneInput(' +7 (800) 1')).toBe('+7 (800) 1');
    expect(formatPhoneInput('9167')).toBe('+7 (916) 7');
  });

  it('puts +7 in place of any other country code after a plus', () => {
    expect(formatPhoneInput(' +1 (916) 123')).toBe('+7 (916) 123');
  });

  it('drops digits past the eleventh and anything not a digit', () => {
    expect(formatPhoneInput('+7 (916) 123-45-678')).toBe('+7 (916) 123-45-67');
    expect(formatPhoneInput('+7 (9a1b6)')).toBe('+7 (916');
  });

  it('empties when no digit is left', () => {
    expect(formatPhoneInput('')).toBe('');
    expect(formatPhoneInput('+')).toBe('');
    expect(formatPhoneInput('+7 (')).toBe('+7');
  });

  it('gives the wire phone: 11 digits starting with 7 (SPEC 5, 9)', () => {
    expect(phoneDigits('+7 (916) 123-45-67')).toBe('79161234567');
    expect(phoneDigits('8 916 123 45 67')).toBe('79161234567');
    expect(phoneDigits('79161234567')).toBe('79161234567');
  });

  it('gives no wire phone for anything but 11 digits starting 7 or 8 (SPEC 5)', () => {
    expect(phoneDigits('+7 (916) 123-45-6')).toBeNull();
    expect(phoneDigits('+7 (916) 123-45-678')).toBeNull();
    expect(phoneDigits('19161234567')).toBeNull();
    expect(phoneDigits('179161234567')).toBeNull();
    expect(phoneDigits('9161234567')).toBeNull();
    expect(phoneDigits('')).toBeNull();
  });
});
