// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Keypad, keypadAppend } from './keypad';

function Harness({
  maxLength = 4,
  masked = false,
  onSubmit = () => undefined,
}: {
  maxLength?: number;
  masked?: boolean;
  onSubmit?: (value: string) => void;
}) {
  const [value, setValue] = useState('');
  return (
    <Keypad
      label="Номер стола"
      value={value}
      maxLength={maxLength}
      masked={masked}
      onChange={setValue}
      onCancel={() => setValue('')}
      onSubmit={() => onSubmit(value)}
    />
  );
}

const pad = () => screen.getByRole('group', { name: 'Номер стола' });
const press = (name: string) => fireEvent.click(within(pad()).getByRole('button', { name }));
const display = () => pad().querySelector('output')!;

describe('the kiosk keypad (SPEC 2 Home kiosk mode: a keypad, OK and cancel)', () => {
  afterEach(() => cleanup());

  it('offers 0–9, «Стереть», «Отмена» and OK in a named group', () => {
    render(<Harness />);
    const names = within(pad())
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names).toEqual(['Стереть', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'Отмена', '0', 'OK']);
  });

  it('types digits, erases the last one and clears on «Отмена»', () => {
    render(<Harness />);
    press('1');
    press('2');
    press('0');
    expect(display().textContent).toBe('120');
    press('Стереть');
    expect(display().textContent).toBe('12');
    press('Отмена');
    expect(display().textContent).toBe('');
  });

  it('takes at most maxLength digits', () => {
    render(<Harness maxLength={2} />);
    for (const digit of ['4', '5', '6']) press(digit);
    expect(display().textContent).toBe('45');
    expect(keypadAppend('1234', '5', 4)).toBe('1234');
    expect(keypadAppend('123', '4', 4)).toBe('1234');
  });

  it('submits what is typed on OK', () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    press('7');
    press('OK');
    expect(onSubmit).toHaveBeenCalledWith('7');
  });

  it('hides the digits of a code, saying how many are typed', () => {
    render(<Harness masked />);
    press('2');
    press('5');
    expect(display().textContent).toBe('••');
    expect(display().getAttribute('aria-label')).toBe('Номер стола: введено цифр 2');
  });

  it('takes a physical keyboard: digits, Backspace, Escape and Enter', () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    fireEvent.keyDown(document.body, { key: '5' });
    fireEvent.keyDown(document.body, { key: '6' });
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(display().textContent).toBe('56');
    fireEvent.keyDown(document.body, { key: 'Backspace' });
    expect(display().textContent).toBe('5');
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(onSubmit).toHaveBeenCalledWith('5');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(display().textContent).toBe('');
  });

  it('leaves the keys to an open modal surface it is not in', () => {
    render(<Harness />);
    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    document.body.append(dialog);
    fireEvent.keyDown(dialog, { key: '5' });
    expect(display().textContent).toBe('');
    dialog.remove();
    fireEvent.keyDown(document.body, { key: '5' });
    expect(display().textContent).toBe('5');
  });
});
