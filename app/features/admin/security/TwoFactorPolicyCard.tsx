import { useEffect, useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { useRevalidator } from 'react-router';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { call } from '#app/lib/api-client.ts';
import { failureMessage, useSubmit } from '#app/lib/use-submit.ts';
import { getSecurityPolicy, setSecurityPolicy } from '#shared/api/two-factor.ts';
import { TWO_FACTOR_MESSAGES } from '#shared/messages.ts';
import {
  MAX_GRACE_DAYS,
  POLICY_SCOPE_LABELS,
  POLICY_SCOPES,
  policySchema,
  type PolicyScope,
} from '#shared/schemas/two-factor.ts';
import { useCan } from '#app/features/admin/account.ts';
import { forgetRequirement } from './requirement';

/**
 * The Owner's rule (docs/product.md#two-factor-sign-in): two-factor sign-in required for nobody, for the
 * Owner, Administrators and Editors, or for everyone, after a grace period in days.
 */
export function TwoFactorPolicyCard() {
  const mayRequire = useCan('security.policy');
  return mayRequire ? <PolicyForm /> : null;
}

function PolicyForm() {
  const revalidator = useRevalidator();
  const [scope, setScope] = useState<PolicyScope>('off');
  const [grace, setGrace] = useState('7');
  const [setAt, setSetAt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const saving = useSubmit();

  useEffect(() => {
    call(getSecurityPolicy).then(
      (policy) => {
        setScope(policy.scope);
        // Off: a week is offered, so turning it on never blocks people (the Owner too) at once by accident.
        setGrace(String(policy.scope === 'off' ? 7 : policy.graceDays));
        setSetAt(policy.setAt);
      },
      (err: unknown) => setError(failureMessage(err)),
    );
  }, []);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = policySchema.safeParse({ scope, graceDays: Number(grace) });
    if (!parsed.success || grace.trim() === '') return setError(TWO_FACTOR_MESSAGES.graceRange);
    setError(null);
    await saving.run(
      async () => {
        const policy = await call(setSecurityPolicy, { body: parsed.data });
        setSetAt(policy.setAt);
        forgetRequirement();
        void revalidator.revalidate();
      },
      { success: TWO_FACTOR_MESSAGES.policySaved },
    );
  };

  return (
    <section className="admin-card security-card mb-4" aria-labelledby="policy-title">
      <h2 className="h5 mb-3" id="policy-title">
        Require two-factor sign-in
      </h2>
      <p className="text-body-secondary">
        Past the grace period (counted from when you save this, or from when a person joins, whichever is later), a
        person it covers who has no second factor can only open this screen until they set one up.
      </p>
      <form noValidate onSubmit={save} aria-label="Require two-factor sign-in">
        <fieldset className="mb-3">
          <legend className="form-label fs-6">Who must use it</legend>
          {POLICY_SCOPES.map((value) => (
            <Form.Check
              key={value}
              type="radio"
              id={`policy-${value}`}
              name="policy-scope"
              label={POLICY_SCOPE_LABELS[value]}
              checked={scope === value}
              onChange={() => setScope(value)}
            />
          ))}
        </fieldset>
        <Form.Group className="mb-3" controlId="policy-grace" style={{ maxWidth: 220 }}>
          <Form.Label>Grace period (days)</Form.Label>
          <Form.Control
            type="number"
            min={0}
            max={MAX_GRACE_DAYS}
            value={grace}
            isInvalid={Boolean(error)}
            disabled={scope === 'off'}
            onChange={(e) => setGrace(e.target.value)}
          />
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        </Form.Group>
        {setAt && scope !== 'off' ? (
          <Alert variant="light" className="small">
            Set on {new Date(setAt).toLocaleString()}.
          </Alert>
        ) : null}
        <SpinnerButton type="submit" loading={saving.busy}>
          Save
        </SpinnerButton>
      </form>
    </section>
  );
}
