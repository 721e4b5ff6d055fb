import { useId, useState } from 'react';
import {
  CATALOGUE_KIND_NAMES,
  CATALOGUE_KINDS,
  CATALOGUE_LIMITS,
  CATALOGUE_TEXTS,
  staffCatalogueExportCall,
  staffCatalogueImportCall,
  type CallAnswer,
} from '@chain/contract';
import { russianPlural } from '@chain/domain';
import { failureText, staffCall } from '../../api';
import type { ManageScreenProps } from '../areas';

type Checked = CallAnswer<typeof staffCatalogueImportCall>;
type Format = 'json' | 'csv';

const CHANGE_NAMES = { added: 'добавлено', changed: 'изменено', archived: 'в архив' } as const;

/** A file the browser saves: the text exactly as the server gave it. */
function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * «Каталог» (issue 31, decision 051): the chain's catalogue as its file and its prices as CSV, and
 * a file checked (the difference per kind and every problem with its place) before it is applied.
 */
export default function CatalogueScreen(_props: ManageScreenProps) {
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [file, setFile] = useState<{ name: string; format: Format; content: string } | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [done, setDone] = useState('');

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  const exportAs = (format: Format) =>
    run(async () => {
      const answer = await staffCall(staffCatalogueExportCall);
      if (format === 'json') download('catalogue.json', answer.json, 'application/json');
      else download('prices.csv', `\uFEFF${answer.csv}`, 'text/csv');
    });

  const choose = async (chosen: File | undefined) => {
    setChecked(null);
    setDone('');
    setFile(null);
    if (!chosen) return;
    if (chosen.size > CATALOGUE_LIMITS.textLength * 2) return setError(CATALOGUE_TEXTS.tooLarge);
    const format: Format = chosen.name.toLowerCase().endsWith('.csv') ? 'csv' : 'json';
    const content = await chosen.text();
    setFile({ name: chosen.name, format, content });
    await run(async () => setChecked(await staffCall(staffCatalogueImportCall, { format, content, dry_run: true })));
  };

  const apply = () =>
    run(async () => {
      if (!file || !checked) return;
      const answer = await staffCall(staffCatalogueImportCall, {
        format: file.format,
        content: file.content,
        dry_run: false,
        based_on: checked.fingerprint,
      });
      setChecked(null);
      setFile(null);
      setDone(
        answer.applied
          ? CATALOGUE_TEXTS.applied
          : answer.problems.length > 0
            ? CATALOGUE_TEXTS.refused
            : CATALOGUE_TEXTS.noChange,
      );
    });

  const difference = checked && checked.problems.length === 0 ? checked.difference : null;
  const total = difference
    ? CATALOGUE_KINDS.reduce(
        (sum, kind) => sum + difference[kind].added + difference[kind].changed + difference[kind].archived,
        0,
      )
    : 0;

  return (
    <section className="catalogue" aria-labelledby="catalogue-title">
      <h1 id="catalogue-title">Каталог</h1>
      <p>
        Меню сети одним файлом: категории, блюда с опциями и метками, приборы и рекомендации. Цены блюд — отдельно,
        таблицей для Excel.
      </p>
      <div className="catalogue__actions">
        <button
          type="button"
          className="staff-button staff-button--secondary"
          disabled={busy}
          onClick={() => void exportAs('json')}
        >
          Скачать каталог (JSON)
        </button>
        <button
          type="button"
          className="staff-button staff-button--secondary"
          disabled={busy}
          onClick={() => void exportAs('csv')}
        >
          Скачать цены (CSV)
        </button>
      </div>

      <h2>Загрузить файл</h2>
      <p>
        Сначала файл проверяется: вы увидите, что изменится, и все ошибки. Каталог меняется только после «Применить».
      </p>
      <div className="staff-field">
        <label htmlFor={inputId}>Файл каталога (.json) или цен (.csv)</label>
        <input
          id={inputId}
          type="file"
          accept=".json,.csv,application/json,text/csv"
          disabled={busy}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </div>
      {busy ? <p role="status">Проверяем…</p> : null}
      {error ? (
        <p className="staff-error" role="alert">
          {error}
        </p>
      ) : null}
      {done ? (
        <p className="catalogue__done" role="status">
          {done}
        </p>
      ) : null}

      {checked && checked.problems.length > 0 ? (
        <div className="staff-error" role="alert">
          <p>
            {CATALOGUE_TEXTS.refused} {checked.problems.length}{' '}
            {russianPlural(checked.problems.length, ['ошибка', 'ошибки', 'ошибок'])}:
          </p>
          <ul className="catalogue__problems">
            {checked.problems.map((problem, index) => (
              <li key={index}>
                <code>{problem.place}</code> — {problem.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {difference ? (
        <div className="staff-card catalogue__check">
          <h2>Что изменится{file ? ` (${file.name})` : ''}</h2>
          <table className="catalogue__table">
            <thead>
              <tr>
                <th scope="col">Раздел</th>
                <th scope="col">Добавлено</th>
                <th scope="col">Изменено</th>
                <th scope="col">В архив</th>
              </tr>
            </thead>
            <tbody>
              {CATALOGUE_KINDS.map((kind) => (
                <tr key={kind}>
                  <th scope="row">{CATALOGUE_KIND_NAMES[kind]}</th>
                  <td>{difference[kind].added}</td>
                  <td>{difference[kind].changed}</td>
                  <td>{difference[kind].archived}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {difference.examples.length > 0 ? (
            <ul className="catalogue__examples">
              {difference.examples.map((example) => (
                <li key={`${example.kind}-${example.change}-${example.id}`}>
                  {CATALOGUE_KIND_NAMES[example.kind]}, {CHANGE_NAMES[example.change]}: {example.name}
                </li>
              ))}
            </ul>
          ) : null}
          {total === 0 ? (
            <p>{CATALOGUE_TEXTS.noChange}</p>
          ) : (
            <button
              type="button"
              className="staff-button staff-button--primary"
              disabled={busy}
              onClick={() => void apply()}
            >
              Применить
            </button>
          )}
        </div>
      ) : null}
    </section>
  );
}
