import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { useRevalidator } from 'react-router';
import { RETENTION_CHOICES, type AnalyticsSettings } from '#shared/analytics.ts';
import { saveAnalyticsSettings } from '#shared/api/analytics.ts';
import { ANALYTICS_MESSAGES } from '#shared/messages.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { useUnsavedChanges } from '#app/features/unsaved/unsaved-changes.tsx';
import { call } from '#app/lib/api-client.ts';
import { useSubmit } from '#app/lib/use-submit.ts';

const retentionLabel = (months: number) => (months === 0 ? 'For good' : `${months} months`);

/** Counting, Global Privacy Control and how long summaries are kept: Owners and Administrators (`settings`). */
export function SettingsCard({ settings }: { settings: AnalyticsSettings }) {
  const revalidator = useRevalidator();
  const [values, setValues] = useState(settings);
  const saving = useSubmit();
  const dirty =
    values.counting !== settings.counting ||
    values.honourGpc !== settings.honourGpc ||
    values.retentionMonths !== settings.retentionMonths;
  useUnsavedChanges(dirty);
  const set = (change: Partial<AnalyticsSettings>) => setValues((current) => ({ ...current, ...change }));
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const saved = await saving.run(() => call(saveAnalyticsSettings, { body: values }), {
      success: ANALYTICS_MESSAGES.settingsSaved,
    });
    if (saved) await revalidator.revalidate();
  };
  return (
    <section className="admin-card h-100" aria-labelledby="analytics-settings-title">
      <h2 className="h6 mb-3" id="analytics-settings-title">
        Settings
      </h2>
      <form noValidate onSubmit={save} aria-label="Analytics settings">
        <Form.Check
          type="switch"
          id="analytics-counting"
          className="mb-2"
          label="Count visits"
          checked={values.counting}
          onChange={(e) => set({ counting: e.target.checked })}
        />
        <Form.Check
          type="switch"
          id="analytics-gpc"
          className="mb-1"
          label="Honour Global Privacy Control"
          checked={values.honourGpc}
          onChange={(e) => set({ honourGpc: e.target.checked })}
          aria-describedby="analytics-gpc-help"
        />
        <Form.Text id="analytics-gpc-help" className="d-block mb-3">
          Visits from browsers that send the Global Privacy Control signal are not counted.
        </Form.Text>
        <Form.Group controlId="analytics-retention" className="mb-3" style={{ maxWidth: 240 }}>
          <Form.Label>Keep daily summaries</Form.Label>
          <Form.Select
            value={values.retentionMonths}
            onChange={(e) => set({ retentionMonths: Number(e.target.value) as AnalyticsSettings['retentionMonths'] })}
          >
            {RETENTION_CHOICES.map((months) => (
              <option key={months} value={months}>
                {retentionLabel(months)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <SpinnerButton type="submit" loading={saving.busy} className="px-4">
          Save
        </SpinnerButton>
      </form>
    </section>
  );
}
