import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: Мои адреса. */
export default function AddressListPage() {
  return (
    <Screen title="Мои адреса" menu>
      <SectionPreparing description="Здесь будут ваши сохранённые адреса доставки." />
    </Screen>
  );
}
