// Reminders (relances) in the console (issue #30, docs/getting-paid.md): on an unpaid invoice, its
// reminders sent and to come with a preview of each e-mail, why none can go when none can, and the
// next one sent on demand; in the settings, the schedule (on/off, the steps and their templates) with a
// live preview rendered by the API. Every action is the API's own.
import { useState } from 'preact/hooks';
import { call } from '../api';
import type { Schemas } from '../api-types';
import { date, money } from '../format';
import { t, type Key } from '../i18n';
import { ErrorBox, Field, fieldErrors, useLoad } from '../ui';

export function RemindersPanel({ id, readOnly, onSent }: { id: number; readOnly: boolean; onSent: () => void }) {
  const plan = useLoad(async () => (await call('GET', '/v1/saleinvoices/reminders/{id}', { path: { id } })).data, [id]);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  if (!plan.data) return plan.error !== undefined ? <ErrorBox error={plan.error} retry={plan.reload} /> : null;
  const p = plan.data;
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await call('POST', '/v1/saleinvoices/remind/{id}', { path: { id } });
      plan.reload();
      onSent();
    } catch (err) {
      setError(err);
    }
    setBusy(false);
  };
  return (
    <section aria-labelledby="reminders-title" data-testid="reminders">
      <h2 id="reminders-title">{t('reminders')}</h2>
      {!p.sendable && p.notSendableReason && <p class="notice">{t('reminderNotSendable', { reason: p.notSendableReason })}</p>}
      {p.history.length > 0 && (
        <ul data-testid="reminders-sent">
          {p.history.map((r) => (
            <li key={r.step}>
              {date(r.createdAt)} · {t('reminderStep', { n: r.step })}
              {r.formalNotice ? ` (${t('formalNotice')})` : ''} · {r.recipient} · {money(r.amountDue)}
            </li>
          ))}
        </ul>
      )}
      {p.steps.length > 0 && (
        <div class="table-wrap">
          <table>
            <caption class="visually-hidden">{t('reminders')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('reminderStepCol')}</th>
                <th scope="col">{t('date')}</th>
                <th scope="col">{t('status')}</th>
                <th scope="col">{t('mailSubject')}</th>
              </tr>
            </thead>
            <tbody>
              {p.steps.map((s) => (
                <tr key={s.step}>
                  <td data-label={t('reminderStepCol')}>
                    {s.step}
                    {s.formalNotice ? ` (${t('formalNotice')})` : ''}
                  </td>
                  <td data-label={t('date')}>{date(s.date)}</td>
                  <td data-label={t('status')}>{t(`reminder${s.status}` as Key)}</td>
                  <td data-label={t('mailSubject')}>
                    <details>
                      <summary>{s.subject}</summary>
                      <pre class="mail-body">{s.body}</pre>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {error !== null && <ErrorBox error={error} />}
      {!readOnly && p.sendable && (
        <div class="actions">
          <button type="button" disabled={busy} onClick={() => void send()}>
            {t('remindNow')}
          </button>
        </div>
      )}
    </section>
  );
}

/** The reminder schedule of the settings (settings.reminders). */
export type ReminderSettings = Schemas['Settings']['reminders'];
export type ReminderStep = ReminderSettings['steps'][number];

/** The schedule in the settings: on/off, each step's day, subject, body and formal notice, with a preview. */
export function RemindersSettings({
  value,
  onChange,
  error,
}: {
  value: ReminderSettings;
  onChange: (value: ReminderSettings) => void;
  error: unknown;
}) {
  const [preview, setPreview] = useState<{ index: number; subject: string; body: string } | null>(null);
  const [previewError, setPreviewError] = useState<{ index: number; error: unknown } | null>(null);
  const setStep = (index: number, patch: Partial<ReminderStep>) => {
    onChange({ ...value, steps: value.steps.map((s, i) => (i === index ? { ...s, ...patch } : s)) });
  };
  const show = async (index: number) => {
    setPreviewError(null);
    const s = value.steps[index];
    try {
      const answer = await call('POST', '/v1/reminders/preview', {
        body: { subject: s.subject, body: s.body, formalNotice: s.formalNotice },
      });
      setPreview({ index, ...answer.data });
    } catch (err) {
      setPreview(null);
      setPreviewError({ index, error: err });
    }
  };
  const err = (path: string) => fieldErrors(error, `reminders.${path}`);
  return (
    <fieldset data-testid="reminder-settings">
      <legend>{t('reminders')}</legend>
      <div class="field check">
        <input
          id="reminders-enabled"
          type="checkbox"
          checked={value.enabled}
          onChange={(e) => {
            onChange({ ...value, enabled: e.currentTarget.checked });
          }}
        />
        <label for="reminders-enabled">{t('remindersEnabled')}</label>
      </div>
      <p class="hint">{t('remindersPlaceholders')}</p>
      {value.steps.map((s, i) => (
        <fieldset key={i} class="reminder-step">
          <legend>{t('reminderStep', { n: i + 1 })}</legend>
          <Field
            label={t('reminderDays')}
            inputMode="numeric"
            value={String(s.daysAfterDueDate)}
            onValue={(v) => {
              setStep(i, { daysAfterDueDate: Number.parseInt(v, 10) || 0 });
            }}
            error={err(`steps[${i}].daysAfterDueDate`)}
          />
          <Field
            label={t('reminderSubject')}
            value={s.subject}
            onValue={(v) => {
              setStep(i, { subject: v });
            }}
            error={err(`steps[${i}].subject`)}
          />
          <div class={`field${err(`steps[${i}].body`) ? ' invalid' : ''}`}>
            <label for={`reminder-body-${i}`}>{t('reminderBody')}</label>
            <textarea
              id={`reminder-body-${i}`}
              rows={6}
              value={s.body}
              aria-invalid={err(`steps[${i}].body`) ? 'true' : undefined}
              onInput={(e) => {
                setStep(i, { body: e.currentTarget.value });
              }}
            />
            {err(`steps[${i}].body`) && <p class="field-error">{err(`steps[${i}].body`)}</p>}
          </div>
          <div class="field check">
            <input
              id={`reminder-formal-${i}`}
              type="checkbox"
              checked={s.formalNotice}
              onChange={(e) => {
                setStep(i, { formalNotice: e.currentTarget.checked });
              }}
            />
            <label for={`reminder-formal-${i}`}>{t('formalNotice')}</label>
          </div>
          <button type="button" onClick={() => void show(i)}>
            {t('previewReminder')}
          </button>
          {preview?.index === i && (
            <div class="mail-preview" data-testid="reminder-preview">
              <p>
                <strong>{preview.subject}</strong>
              </p>
              <pre class="mail-body">{preview.body}</pre>
            </div>
          )}
          {previewError?.index === i && <ErrorBox error={previewError.error} />}
        </fieldset>
      ))}
    </fieldset>
  );
}
