import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: Любимое. */
export default function LikedPage() {
  return (
    <Screen title="Любимое" menu>
      <SectionPreparing description="Здесь будут блюда, которые вы отметили как любимые." />
    </Screen>
  );
}
