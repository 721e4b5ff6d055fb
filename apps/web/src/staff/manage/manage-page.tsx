import { createElement, lazy, Suspense, useMemo } from 'react';
import { Link } from 'wouter';
import { STAFF_TEXTS } from '@chain/contract';
import type { StaffSession } from '../session';
import { MANAGE_AREAS, manageAreasFor } from './areas';

const screens = new Map(MANAGE_AREAS.map((area) => [area.key, lazy(area.load)]));

/**
 * The back office (issue 31): /staff/manage lists the areas this manager may open, and
 * /staff/manage/{area} opens one. A kitchen account reads «Это может только менеджер.», as the API
 * answers it.
 */
export function ManagePage({ session, area }: { session: StaffSession; area: string | null }) {
  const areas = useMemo(() => manageAreasFor(session.me), [session.me]);
  if (session.me.role !== 'manager')
    return (
      <p className="staff-error" role="alert">
        {STAFF_TEXTS.managerOnly}
      </p>
    );
  const chosen = area === null ? undefined : areas.find((candidate) => candidate.key === area);
  if (area !== null && !chosen) {
    const exists = MANAGE_AREAS.some((candidate) => candidate.key === area);
    return (
      <p className="staff-error" role="alert">
        {exists ? STAFF_TEXTS.chainManagerOnly : 'Такого раздела нет.'}
      </p>
    );
  }
  if (!chosen) {
    return (
      <section aria-labelledby="manage-title">
        <h1 id="manage-title">Управление</h1>
        <ul className="manage-areas">
          {areas.map((candidate) => (
            <li key={candidate.key}>
              <Link href={`/manage/${candidate.key}`} className="staff-card manage-areas__link">
                <strong>{candidate.title}</strong>
                <span>{candidate.summary}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  const Screen = screens.get(chosen.key);
  if (!Screen) return null;
  return <Suspense fallback={<p className="staff-empty">Загружаем…</p>}>{createElement(Screen, { session })}</Suspense>;
}
