import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: Мой профиль. */
export default function ProfilePage() {
  return (
    <Screen title="Мой профиль" menu>
      <SectionPreparing description="Здесь можно будет изменить имя, телефон, e-mail и адрес." />
    </Screen>
  );
}
