// The HTML part of an e-mail is the plain text, escaped: a template (or a customer name) cannot
// inject markup, and paragraphs and line breaks survive.
import { expect, it } from 'vitest';
import { textToHtml } from '../../../src/modules/mailing/templates.js';

it('escapes markup and keeps paragraphs and line breaks', () => {
  const html = textToHtml('Bonjour <b>Dupont & "Fils"</b>,\r\nVoici la facture.\n\n\nCordialement,\nL\'équipe');
  expect(html).toContain('<p style="margin:0 0 1em">Bonjour &lt;b&gt;Dupont &amp; &quot;Fils&quot;&lt;/b&gt;,<br>Voici la facture.</p>');
  expect(html).toContain('<p style="margin:0 0 1em">Cordialement,<br>L&#39;équipe</p>');
  expect(html).not.toContain('<b>');
  expect(html.match(/<p /g)).toHaveLength(2);
  expect(html.startsWith('<!doctype html><html lang="fr"><head><meta charset="utf-8"></head><body')).toBe(true);
});

it('an empty text is an empty body', () => {
  expect(textToHtml('\n\n')).toMatch(/<body[^>]*><\/body><\/html>$/);
});
