import { describe, expect, it } from 'vitest';
import {
  ATTENTION_TITLE,
  ERROR_TITLE,
  LOAD_FAILED_MESSAGE,
  PAYMENT_FAILED_MESSAGE,
  PAYMENT_INIT_FAILED_MESSAGE,
} from '../src/messages';

describe('SPEC 8 texts', () => {
  it('are the catalogue’s words', () => {
    expect(ERROR_TITLE).toBe('Ошибка');
    expect(ATTENTION_TITLE).toBe('Внимание');
    expect(PAYMENT_INIT_FAILED_MESSAGE).toMatch(/^Ошибка инициализации платежа\. /);
    expect(PAYMENT_FAILED_MESSAGE).toBe('Ошибка проведения платежа.');
    expect(LOAD_FAILED_MESSAGE).toBe('Ошибка загрузки данных');
  });
});
