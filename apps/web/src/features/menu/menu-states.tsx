import type { ReactNode } from 'react';
import { Store } from 'lucide-react';
import type { MenuResponse } from '@chain/contract';
import { menuQuery } from '../../api/menu';
import { restaurantListQuery } from '../../api/restaurants';
import { LinkButton } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import type { MenuTarget } from './use-menu-query';

export interface TargetMenu {
  /** The target's menu once loaded, else null. */
  readonly menu: MenuResponse | null;
  /** What is shown instead of the menu (no restaurant, a failure with retry, an unknown restaurant), or null. */
  readonly notice: ReactNode;
  /** Still loading: the caller shows its skeleton. */
  readonly loading: boolean;
}

/**
 * The loaded menu of a menu target, or what to show instead: the states the menu screen and the
 * Liked screen share. `noRestaurantText` says what the screen would show for a restaurant.
 */
export function useTargetMenu(target: MenuTarget, noRestaurantText: string): TargetMenu {
  const menu = target.menu.status === 'ready' ? target.menu.data : null;
  const failed = target.menu.status === 'error' ? target.menu.error : null;
  const listFailed = target.list.status === 'error' ? target.list.error : null;

  let notice: ReactNode = null;
  if (target.restaurantId === null) {
    notice = <EmptyState icon={<Store />} title="Ресторан не выбран" text={noRestaurantText} action={<HomeLink />} />;
  } else if (listFailed || failed) {
    notice = (
      <LoadError
        title="Не удалось загрузить меню"
        message={(listFailed ?? failed)?.message ?? ''}
        onRetry={() => {
          if (listFailed) restaurantListQuery.refetch();
          else if (target.query) menuQuery.refetch(target.query);
        }}
      />
    );
  } else if (target.list.status === 'ready' && target.restaurant === null) {
    notice = (
      <EmptyState
        icon={<Store />}
        title="Ресторан не найден"
        text="Возможно, он временно не работает. Выберите другой ресторан."
        action={<HomeLink />}
      />
    );
  }
  return { menu: notice ? null : menu, notice, loading: notice === null && menu === null };
}

function HomeLink() {
  return (
    <LinkButton href="/" variant="secondary" block>
      На главную
    </LinkButton>
  );
}
