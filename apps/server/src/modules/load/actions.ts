import {
  zagruzkaLoadCookTimeAction,
  zagruzkaLoadInfoAction,
  zagruzkaLoadPeriodsAction,
  zagruzkaLoadRestListAction,
} from '@chain/contract';
import type { RestActionRegistry } from '../rest';
import { dishCookTime, loadInfo, loadPeriods, loadRestList } from './service';

/** Hours zagruzkaLoadPeriods offers when `hours` is not given. */
const DEFAULT_LOAD_PERIOD_HOURS = 24;

/**
 * The restaurant load actions of the generic call (SPEC 7; docs/rest.md, decision 014):
 * zagruzkaLoadInfo, zagruzkaLoadRestList, zagruzkaLoadPeriods, zagruzkaLoadCookTime.
 */
export function registerLoadActions(registry: RestActionRegistry): void {
  registry
    .register(zagruzkaLoadInfoAction, async ({ app, fields }) =>
      loadInfo(app.db, fields.fs_uid, fields.time, new Date()),
    )
    .register(zagruzkaLoadRestListAction, async ({ app, fields }) => loadRestList(app.db, fields, new Date()))
    .register(zagruzkaLoadPeriodsAction, async ({ app, fields }) =>
      loadPeriods(app.db, fields.fs_uid, fields.hours ?? DEFAULT_LOAD_PERIOD_HOURS, new Date()),
    )
    .register(zagruzkaLoadCookTimeAction, async ({ app, fields }) => dishCookTime(app.db, fields, new Date()));
}
