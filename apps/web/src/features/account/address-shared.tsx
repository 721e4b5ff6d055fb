import { Skeleton } from '../../ui/skeleton';

// What Мои адреса and the edit page share: the loading skeleton.

export function AddressSkeleton() {
  return (
    <div className="address-skeleton">
      <span className="visually-hidden" role="status">
        Загружаем адреса…
      </span>
      <Skeleton height="4.5rem" />
      <Skeleton height="4.5rem" />
    </div>
  );
}
