// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type OrderView, RATING_COMMENT_MAX_LENGTH, rateAddRequest } from '@chain/contract';
import { ACCEPTED_PHOTO_TYPES, ERROR_TITLE, SOMETHING_WENT_WRONG_MESSAGE } from '@chain/domain';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import { chromeStore } from '../../state/store';
import { addRating, loadRatingTypes } from '../../api/ratings';
import { orderFixture } from './order-fixtures.test-support';
import { OrderRatingForm, ratingFailureMessage } from './order-rating-form';
import { preparePhoto } from './photo-resize';
import { resetAppStores } from '../../state/stores.test-support';

vi.mock('../../api/ratings', () => ({ addRating: vi.fn(), loadRatingTypes: vi.fn() }));
vi.mock(import('./photo-resize'), async (importOriginal) => ({ ...(await importOriginal()), preparePhoto: vi.fn() }));
const prepare = vi.mocked(preparePhoto);
const add = vi.mocked(addRating);
const types = vi.mocked(loadRatingTypes);
const session = { id: '7', password: 'tok' };
const settle = () => act(async () => {});

// SPEC 4 (rating controls when paid and not rated), SPEC 5 (stars 1..5, default 5; the
// low-rating category select below 5), SPEC 8 (rating failure: «Ошибка» / «Что-то пошло не так»).
describe('the rating form of a paid order', () => {
  let rated: OrderView[];
  const renderForm = async (order = orderFixture()) => {
    render(<OrderRatingForm order={order} session={session} onRated={(next) => rated.push(next)} />);
    await settle();
  };
  const group = (name: string | RegExp) => screen.getAllByRole('radiogroup', { name })[0]!;
  const star = (groupName: string | RegExp, label: string) =>
    within(group(groupName)).getByRole('radio', { name: label });

  beforeEach(() => {
    rated = [];
    add.mockReset();
    types.mockReset();
    types.mockResolvedValue({
      sections: [
        { id: 1, name: 'Кухня' },
        { id: 2, name: 'Сервис' },
      ],
      items: [
        { id: 11, name: 'Холодное блюдо', section_id: 1 },
        { id: 21, name: 'Долгое ожидание', section_id: 2 },
      ],
    });
    resetAppStores();
  });
  afterEach(() => cleanup());

  it('starts at 5 stars with named star radios, every score at 5, no category select', async () => {
    await renderForm();
    expect((star('Оценка заказа', '5 звёзд из 5') as HTMLInputElement).checked).toBe(true);
    expect(star('Оценка заказа', '1 звезда из 5')).toBeTruthy();
    expect(star('Оценка заказа', '3 звезды из 5')).toBeTruthy();
    for (const name of ['Вкус', 'Свежесть', 'Скорость', 'Качество'])
      expect((star(name, '5 звёзд из 5') as HTMLInputElement).checked).toBe(true);
    // One group per dish and option: «Борщ, Большая порция» and «Морс».
    expect(screen.getByRole('group', { name: 'Борщ, Большая порция' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Морс' })).toBeTruthy();
    expect(screen.queryByLabelText('Что не понравилось?')).toBeNull();
  });

  it('shows the category select when the stars drop below 5, and when a dish score does', async () => {
    await renderForm();
    fireEvent.click(star('Оценка заказа', '4 звезды из 5'));
    const select = screen.getByLabelText<HTMLSelectElement>('Что не понравилось?');
    expect([...select.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(['Кухня', 'Сервис']);
    fireEvent.click(star('Оценка заказа', '5 звёзд из 5'));
    expect(screen.queryByLabelText('Что не понравилось?')).toBeNull();

    const morse = screen.getByRole('group', { name: 'Морс' });
    fireEvent.click(
      within(within(morse).getByRole('radiogroup', { name: 'Свежесть' })).getByRole('radio', { name: '2 звезды из 5' }),
    );
    expect(screen.getByLabelText('Что не понравилось?')).toBeTruthy();
  });

  it('sends the order rating, then each dish’s, and hands back the order rated', async () => {
    add.mockResolvedValue(undefined);
    await renderForm();
    fireEvent.click(star('Оценка заказа', '4 звезды из 5'));
    fireEvent.change(screen.getByLabelText('Что не понравилось?'), { target: { value: '21' } });
    fireEvent.click(star('Скорость', '3 звезды из 5'));
    fireEvent.change(screen.getByLabelText('Комментарий'), { target: { value: '  Долго ждали  ' } });
    const borsch = screen.getByRole('group', { name: 'Борщ, Большая порция' });
    fireEvent.click(
      within(within(borsch).getByRole('radiogroup', { name: 'Вкус' })).getByRole('radio', { name: '4 звезды из 5' }),
    );
    // SPEC 3 Item rating: each dish has a comment of its own.
    fireEvent.change(within(borsch).getByLabelText('Комментарий к блюду'), { target: { value: ' Пересолен ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить оценку' }));
    await settle();

    expect(add.mock.calls.map((call) => call[1])).toEqual([
      {
        order_id: 501,
        stars: 4,
        rate_taste: 5,
        rate_fresh: 5,
        rate_speed: 3,
        rate_quality: 5,
        comment: 'Долго ждали',
        photos: [],
        type: '21',
      },
      { order_id: 501, item_id: 101, spec_id: 3, taste: 4, fresh: 5, speed: 5, comment: 'Пересолен', type: '21' },
      { order_id: 501, item_id: 102, taste: 5, fresh: 5, speed: 5 },
    ]);
    expect(add.mock.calls[0]![0]).toEqual(session);
    expect(rated).toHaveLength(1);
    expect(rated[0]!.rate).toMatchObject({ stars: 4, rate_speed: 3, comment: 'Долго ждали', type: 21 });
    expect(rated[0]!.basket.map((line) => line.rate?.taste)).toEqual([4, 5]);
    expect(rated[0]!.basket.map((line) => line.rate?.comment)).toEqual(['Пересолен', '']);
  });

  it('a failure reads «Ошибка» / «Что-то пошло не так»; a retry sends only what did not go', async () => {
    add.mockResolvedValueOnce(undefined).mockRejectedValueOnce(new ApiError('Internal', 'server', 500));
    await renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Отправить оценку' }));
    await settle();
    const [dialog] = chromeStore.getState().dialogItems;
    expect(dialog).toMatchObject({ title: ERROR_TITLE, message: SOMETHING_WENT_WRONG_MESSAGE });
    act(() => chromeStore.getState().resolveDialog(dialog!.id, null));
    await settle();
    expect(rated).toEqual([]);
    // The order rating went through: stored as it was, its controls no longer change; the dishes' still do.
    expect(screen.getByText('Оценка заказа уже сохранена. Осталось отправить оценки блюд.')).toBeTruthy();
    expect((star('Оценка заказа', '4 звезды из 5') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Комментарий').disabled).toBe(true);
    expect(screen.queryByText('Добавить фото')).toBeNull();
    const borsch = screen.getByRole('group', { name: 'Борщ, Большая порция' });
    expect(
      within(within(borsch).getByRole('radiogroup', { name: 'Вкус' }))
        .getByRole('radio', { name: '4 звезды из 5' })
        .hasAttribute('disabled'),
    ).toBe(false);

    add.mockReset();
    add.mockResolvedValue(undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Отправить оценку' }));
    await settle();
    expect(add.mock.calls.map((call) => call[1].item_id)).toEqual([101, 102]);
    expect(rated).toHaveLength(1);
  });

  it('a part rated meanwhile (409 already_rated) counts as sent', async () => {
    add
      .mockRejectedValueOnce(new ApiError('Оценка уже оставлена', 'server', 409, 'already_rated'))
      .mockResolvedValue(undefined);
    await renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Отправить оценку' }));
    await settle();
    expect(add).toHaveBeenCalledTimes(3);
    expect(rated).toHaveLength(1);
  });

  it('waits for photos still being made smaller: sending then neither leaves them out nor loses them', async () => {
    add.mockResolvedValue(undefined);
    let ready: (photo: { dataUrl: string; name: string; bytes: number }) => void = () => undefined;
    prepare.mockReset();
    prepare.mockReturnValue(new Promise((resolve) => (ready = resolve)));
    await renderForm();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    // The picker offers exactly the domain's accepted types.
    expect(input.accept.split(',')).toEqual([...ACCEPTED_PHOTO_TYPES]);
    fireEvent.change(input, { target: { files: [new File(['x'], 'cake.png', { type: 'image/png' })] } });
    await settle();
    const submit = screen.getByRole('button', { name: 'Отправить оценку' });
    expect(submit.getAttribute('aria-busy')).toBe('true');
    fireEvent.submit(submit.closest('form')!);
    await settle();
    expect(add).not.toHaveBeenCalled();

    await act(async () => ready({ dataUrl: 'data:image/jpeg;base64,AAAA', name: 'cake.png', bytes: 3 }));
    expect(screen.getByRole('img', { name: 'Фото 1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Отправить оценку' }));
    await settle();
    expect(add.mock.calls[0]![1]).toMatchObject({ photos: ['data:image/jpeg;base64,AAAA'] });
    expect(rated[0]!.rate?.photos).toEqual(['data:image/jpeg;base64,AAAA']);
  });

  it('removing a photo moves the focus to «Добавить фото» (its «Убрать» button is gone)', async () => {
    prepare.mockReset();
    prepare.mockResolvedValue({ dataUrl: 'data:image/jpeg;base64,BBBB', name: 'a.jpg', bytes: 3 });
    await renderForm();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.jpg', { type: 'image/jpeg' })] } });
    await settle();
    const remove = screen.getByRole('button', { name: 'Убрать фото 1' });
    remove.focus();
    fireEvent.click(remove);
    await settle();
    expect(screen.queryByRole('img', { name: 'Фото 1' })).toBeNull();
    expect(document.activeElement).toBe(document.querySelector('input[type="file"]'));
  });

  it('bounds the comment by rate/add’s own limit', async () => {
    await renderForm();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Комментарий').maxLength).toBe(RATING_COMMENT_MAX_LENGTH);
    for (const dish of screen.getAllByLabelText<HTMLTextAreaElement>('Комментарий к блюду'))
      expect(dish.maxLength).toBe(RATING_COMMENT_MAX_LENGTH);
    const body = (comment: string) => ({ user_id: '7', token: 'tok', order_id: 501, stars: 5, comment });
    expect(rateAddRequest.safeParse(body('я'.repeat(RATING_COMMENT_MAX_LENGTH))).success).toBe(true);
    expect(rateAddRequest.safeParse(body('я'.repeat(RATING_COMMENT_MAX_LENGTH + 1))).success).toBe(false);
  });

  it('a dish already rated is not offered again; a basket of one dish twice is rated once', async () => {
    const base = orderFixture();
    const line = base.basket[1]!;
    await renderForm(
      orderFixture({
        basket: [
          {
            ...base.basket[0]!,
            rate: { id: 1, taste: 5, fresh: 5, speed: 5, comment: '', type: null, photos: [], time: '' },
          },
          line,
          { ...line, line_id: 3 },
        ],
      }),
    );
    expect(screen.queryByRole('group', { name: 'Борщ, Большая порция' })).toBeNull();
    expect(screen.getAllByRole('group', { name: 'Морс' })).toHaveLength(1);
  });
});

describe('ratingFailureMessage', () => {
  it('SPEC 8 text for a server failure, no answer or a broken answer; the server’s own words for a readable refusal', () => {
    expect(ratingFailureMessage(new ApiError('x', 'server', 500))).toBe(SOMETHING_WENT_WRONG_MESSAGE);
    expect(ratingFailureMessage(new ApiError(REQUEST_FAILED_MESSAGE, 'network', null))).toBe(
      SOMETHING_WENT_WRONG_MESSAGE,
    );
    expect(ratingFailureMessage(new ApiError(REQUEST_FAILED_MESSAGE, 'server', 502))).toBe(
      SOMETHING_WENT_WRONG_MESSAGE,
    );
    expect(ratingFailureMessage(new Error('boom'))).toBe(SOMETHING_WENT_WRONG_MESSAGE);
    expect(ratingFailureMessage(new ApiError('Фото 1: не JPEG, PNG или GIF.', 'server', 400, 'photo'))).toBe(
      'Фото 1: не JPEG, PNG или GIF.',
    );
  });
});
