// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SignInPrompt, type SignInTopic } from './sign-in-prompt';

describe('the sign-in prompt of a signed-out guest or a kiosk', () => {
  afterEach(() => cleanup());

  it.each<[SignInTopic, string]>([
    ['orders', 'Заказы доступны после входа'],
    ['ratings', 'Оценки доступны после входа'],
    ['addresses', 'Адреса доступны после входа'],
    ['profile', 'Профиль доступен после входа'],
    ['booking', 'Бронь доступна после входа'],
  ])('for %s says what is kept for a signed-in guest and leads to /auth', (topic, title) => {
    render(<SignInPrompt topic={topic} />);
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByText(/^Войдите, чтобы /)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Войти' }).getAttribute('href')).toBe('/auth');
  });
});
