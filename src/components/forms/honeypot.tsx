import React from 'react';
import { Field } from 'react-final-form';

/** Off-screen rather than display:none, which some bots detect; inline so it works without the stylesheet. */
const hidden: React.CSSProperties = {
  position: 'absolute',
  left: '-10000px',
  top: 'auto',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
};

/**
 * The honeypot field `website` for react-final-form forms: invisible and unreachable for people (off-screen,
 * aria-hidden, out of the tab order, no autofill), so only a bot fills it, and the server then answers like a
 * success and keeps nothing (plugins/public-writes.ts). Place it inside the form.
 */
export function Honeypot() {
  return (
    <div style={hidden} aria-hidden="true">
      <label>
        Website (leave empty)
        <Field name="website" component="input" type="text" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}
