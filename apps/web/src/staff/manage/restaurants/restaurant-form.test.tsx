// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACKOFFICE_TEXTS,
  manageCloseRestaurantCall,
  manageSaveRestaurantCall,
  manageUploadRestaurantPhotoCall,
  STAFF_PHOTO_TEXTS,
  type ManageRestaurant,
} from '@chain/contract';
import { ApiError } from '../../../api/client';
import { staffCall } from '../../api';
import { RestaurantForm } from './restaurant-form';
import { newRestaurantDraft } from './restaurant-form-model';

vi.mock(import('../../api'), async (importOriginal) => ({ ...(await importOriginal()), staffCall: vi.fn() }));
// The map is the web's adapter, drawn in the e2e journey; here the form's logic alone.
vi.mock(import('./restaurant-point-map'), () => ({ RestaurantPointField: () => <p>Карта</p> }));

// Issue 31: the restaurant form sends the week as typed with the version it was based on; a save
// over a newer version shows what changed and goes over it knowingly; «закрыть на время» waits
// while the form has unsaved changes.

afterEach(cleanup);
beforeEach(() => vi.mocked(staffCall).mockReset());

const saved: ManageRestaurant = {
  ...newRestaurantDraft(),
  id: 7,
  fs_uid: 'u7',
  name: 'Тверская',
  name_short: 'Тверская',
  address: 'Москва, Тверская, 7',
  version: 3,
};

describe('the restaurant form (issue 31)', () => {
  it('sends Friday past midnight with the version; a 409 lists the other change and the next save goes over its version', async () => {
    render(<RestaurantForm initial={saved} chain />);
    fireEvent.change(screen.getByLabelText('пятница: закрытие'), { target: { value: '02:00' } });
    expect(screen.getByRole('row', { name: /пятница/ }).textContent).toContain('после полуночи');
    const current = { ...saved, phone: '+7 495 000-00-00', version: 4 };
    vi.mocked(staffCall).mockRejectedValueOnce(
      new ApiError(BACKOFFICE_TEXTS.staleVersion, 'server', 409, 'stale_version', 'r1', {
        body: { success: false, error: 'stale_version', message: BACKOFFICE_TEXTS.staleVersion, current },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: BACKOFFICE_TEXTS.save }));
    await screen.findByText(BACKOFFICE_TEXTS.changedBy, { exact: false });
    expect(vi.mocked(staffCall).mock.calls[0]?.[0]).toBe(manageSaveRestaurantCall);
    const first = vi.mocked(staffCall).mock.calls[0]?.[1] as { version: number; hours: ManageRestaurant['hours'] };
    expect(first.version).toBe(3);
    expect(first.hours.find((entry) => entry.day === 5)).toEqual({ day: 5, from: '10:00', to: '02:00' });
    expect(screen.getByRole('alert').textContent).toContain('Телефон: +7 495 000-00-00');

    fireEvent.click(screen.getByRole('button', { name: BACKOFFICE_TEXTS.reload }));
    vi.mocked(staffCall).mockResolvedValueOnce({ ...current, hours: first.hours, version: 5 });
    fireEvent.click(screen.getByRole('button', { name: BACKOFFICE_TEXTS.save }));
    await screen.findByText(BACKOFFICE_TEXTS.saved);
    const second = vi.mocked(staffCall).mock.calls[1]?.[1] as {
      version: number;
      phone: string;
      hours: ManageRestaurant['hours'];
    };
    expect(second).toMatchObject({ version: 4, phone: '+7 495 000-00-00' });
    expect(second.hours.find((entry) => entry.day === 5)).toEqual({ day: 5, from: '10:00', to: '02:00' });
  });

  it('closes for now only once the form is saved, and shows what guests read', async () => {
    render(<RestaurantForm initial={saved} chain={false} />);
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '+7 900' } });
    const close = screen.getByRole('button', { name: 'Закрыть до этого времени' });
    expect((close as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: BACKOFFICE_TEXTS.cancel }));
    expect((close as HTMLButtonElement).disabled).toBe(false);
    const until = new Date(Date.now() + 3 * 3_600_000).toISOString();
    vi.mocked(staffCall).mockResolvedValueOnce({ ...saved, closed_until: until, closed_text: 'Учёт', version: 4 });
    fireEvent.click(close);
    await waitFor(() => expect(screen.getByText('Гости видят: «Учёт». Заказы не принимаются.')).toBeTruthy());
    expect(vi.mocked(staffCall).mock.calls[0]?.[0]).toBe(manageCloseRestaurantCall);
    expect(vi.mocked(staffCall).mock.calls[0]?.[1]).toMatchObject({ version: 3 });
    // A restaurant's manager sees no archive.
    expect(screen.queryByRole('button', { name: 'Убрать в архив' })).toBeNull();
  });

  describe('its photo (decision 052)', () => {
    const PHOTO = '/media/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg';
    const OTHER = '/media/uploads/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.jpg';
    const png = () =>
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'zal.png', { type: 'image/png' });

    it('uploads a picked picture at once, shows it, and sets it with the form’s versioned save', async () => {
      render(<RestaurantForm initial={saved} chain />);
      expect(screen.getByText('Нет фото')).toBeTruthy();
      vi.mocked(staffCall).mockResolvedValueOnce({ img: PHOTO, width: 640, height: 400 });
      fireEvent.change(screen.getByLabelText('Фото ресторана'), { target: { files: [png()] } });
      await screen.findByText(STAFF_PHOTO_TEXTS.uploaded);
      expect(vi.mocked(staffCall).mock.calls[0]?.[0]).toBe(manageUploadRestaurantPhotoCall);
      expect((vi.mocked(staffCall).mock.calls[0]?.[1] as { data_url: string }).data_url).toMatch(
        /^data:image\/png;base64,/,
      );
      expect(screen.getByRole('img', { name: 'Фото ресторана «Тверская»' }).getAttribute('src')).toBe(PHOTO);

      vi.mocked(staffCall).mockResolvedValueOnce({ ...saved, img: PHOTO, version: 4 });
      fireEvent.click(screen.getByRole('button', { name: BACKOFFICE_TEXTS.save }));
      await screen.findByText(BACKOFFICE_TEXTS.saved);
      expect(vi.mocked(staffCall).mock.calls[1]?.[0]).toBe(manageSaveRestaurantCall);
      expect(vi.mocked(staffCall).mock.calls[1]?.[1]).toMatchObject({ version: 3, img: PHOTO });
    });

    it('removes it with the save, and says what is not a photo before sending anything', async () => {
      render(<RestaurantForm initial={{ ...saved, img: PHOTO }} chain={false} />);
      fireEvent.change(screen.getByLabelText('Фото ресторана'), {
        target: { files: [new File(['меню'], 'menu.txt', { type: 'text/plain' })] },
      });
      await screen.findByText(STAFF_PHOTO_TEXTS.notPicture);
      expect(staffCall).not.toHaveBeenCalled();

      fireEvent.click(screen.getByRole('button', { name: 'Убрать фото' }));
      expect(screen.getByText('Нет фото')).toBeTruthy();
      vi.mocked(staffCall).mockResolvedValueOnce({ ...saved, img: '', version: 4 });
      fireEvent.click(screen.getByRole('button', { name: BACKOFFICE_TEXTS.save }));
      await screen.findByText(BACKOFFICE_TEXTS.saved);
      expect(vi.mocked(staffCall).mock.calls[0]?.[1]).toMatchObject({ version: 3, img: '' });
    });

    it('shows the server’s refusal of an upload, and a 409 names the photo another manager saved', async () => {
      render(<RestaurantForm initial={{ ...saved, img: PHOTO }} chain />);
      vi.mocked(staffCall).mockRejectedValueOnce(
        new ApiError(`Фото: ${STAFF_PHOTO_TEXTS.damaged}`, 'server', 400, 'photo', 'r2'),
      );
      fireEvent.change(screen.getByLabelText('Фото ресторана'), { target: { files: [png()] } });
      await screen.findByText(`Фото: ${STAFF_PHOTO_TEXTS.damaged}`);
      expect(screen.getByRole('img', { name: 'Фото ресторана «Тверская»' }).getAttribute('src')).toBe(PHOTO);

      fireEvent.click(screen.getByRole('button', { name: 'Убрать фото' }));
      const current = { ...saved, img: OTHER, version: 4 };
      vi.mocked(staffCall).mockRejectedValueOnce(
        new ApiError(BACKOFFICE_TEXTS.staleVersion, 'server', 409, 'stale_version', 'r3', {
          body: { success: false, error: 'stale_version', message: BACKOFFICE_TEXTS.staleVersion, current },
        }),
      );
      fireEvent.click(screen.getByRole('button', { name: BACKOFFICE_TEXTS.save }));
      await screen.findByText(BACKOFFICE_TEXTS.changedBy, { exact: false });
      expect(screen.getByRole('alert').textContent).toContain('Фото: другое фото');
    });
  });
});
