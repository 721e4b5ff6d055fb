import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: Адрес. */
export default function AddressDetailPage() {
  return (
    <Screen title="Адрес" back="/address_list">
      <SectionPreparing description="Здесь можно будет изменить адрес доставки." />
    </Screen>
  );
}
