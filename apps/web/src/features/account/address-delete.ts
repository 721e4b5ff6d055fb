import { ERROR_TITLE } from '@chain/domain';
import { ADDRESS_DELETE_CONFIRM, ADDRESS_DELETE_FAILED_MESSAGE, deleteAddress } from '../../api/addresses';
import { guestStore, showDialog } from '../../state/store';

/**
 * SPEC 5: asks «Удалить адрес?» and deletes the address when the guest agrees. True when it was
 * deleted; a failure shows SPEC 8's 'Ошибка удаления адреса' and answers false.
 */
export async function confirmAndDeleteAddress(id: number): Promise<boolean> {
  const choice = await showDialog({
    message: ADDRESS_DELETE_CONFIRM,
    items: [
      { label: 'Удалить', variant: 'primary' },
      { label: 'Отмена', variant: 'secondary' },
    ],
  });
  if (choice?.label !== 'Удалить') return false;
  const { user } = guestStore.getState();
  try {
    await deleteAddress({ id: user.id, password: user.password }, id);
    return true;
  } catch {
    await showDialog({ title: ERROR_TITLE, message: ADDRESS_DELETE_FAILED_MESSAGE });
    return false;
  }
}
