import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { ANALYTICS_MESSAGES } from '#shared/messages.ts';
import { PRESETS, searchOf, type ChosenRange, type RangeKey } from './range';

/**
 * The range of days the dashboard sums: a preset goes at once; days of one's own go with Show. Either is
 * written to the address, so a reload or Back shows the same range.
 */
export function RangeChooser({ range }: { range: ChosenRange }) {
  const navigate = useNavigate();
  const [key, setKey] = useState<RangeKey>(range.key);
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const inverted = Boolean(from && to && to < from);
  const choose = (next: RangeKey) => {
    setKey(next);
    if (next !== 'custom') void navigate(searchOf({ key: next }));
  };
  return (
    <Form
      className="d-flex flex-wrap align-items-end gap-2"
      aria-label="Range of days"
      onSubmit={(e) => {
        e.preventDefault();
        if (from && to && !inverted) void navigate(searchOf({ key: 'custom', from, to }));
      }}
    >
      <Form.Group controlId="analytics-range">
        <Form.Label className="small mb-1">Range</Form.Label>
        <Form.Select value={key} onChange={(e) => choose(e.target.value as RangeKey)}>
          {PRESETS.map((preset) => (
            <option key={preset.key} value={preset.key}>
              {preset.label}
            </option>
          ))}
          <option value="custom">Custom days</option>
        </Form.Select>
      </Form.Group>
      {key === 'custom' ? (
        <>
          <Form.Group controlId="analytics-from">
            <Form.Label className="small mb-1">From</Form.Label>
            <Form.Control type="date" value={from} required onChange={(e) => setFrom(e.target.value)} />
          </Form.Group>
          <Form.Group controlId="analytics-to">
            <Form.Label className="small mb-1">To</Form.Label>
            <Form.Control
              type="date"
              value={to}
              required
              isInvalid={inverted}
              aria-describedby={inverted ? 'analytics-range-error' : undefined}
              onChange={(e) => setTo(e.target.value)}
            />
          </Form.Group>
          <Button type="submit" variant="outline-primary" disabled={!from || !to || inverted}>
            Show
          </Button>
          {inverted ? (
            <p className="text-danger small w-100 mb-0" id="analytics-range-error">
              {ANALYTICS_MESSAGES.badRange}
            </p>
          ) : null}
        </>
      ) : null}
    </Form>
  );
}
