import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Form } from 'react-final-form';
import { Honeypot } from './honeypot';

test('the honeypot is a hidden website input people cannot reach', () => {
  const html = renderToStaticMarkup(<Form onSubmit={() => undefined} render={() => <Honeypot />} />);
  expect(html).toMatch(/^<div style="position:absolute;left:-10000px;[^"]*" aria-hidden="true">/);
  expect(html).toMatch(/<input name="website" type="text" tabindex="-1" autoComplete="off" value=""\/>/);
});
