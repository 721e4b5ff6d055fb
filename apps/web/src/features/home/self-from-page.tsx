import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: Самовывоз. */
export default function SelfFromPage() {
  return (
    <Screen title="Самовывоз" back>
      <SectionPreparing description="Здесь будет список ресторанов для самовывоза: избранные первыми, с отметкой «открыто сейчас» и загруженностью." />
    </Screen>
  );
}
