// The console's user management, e-mail templates and credit notes in a real browser (Debian's
// chromium driven by playwright-core), against the app listening on a port, on each database: an
// Admin invites a user (one-time link shown once), changes the profile, disables and enables them,
// resets a password; the invited user signs in by the link and does not see the page (the API says
// 403); the e-mail templates with their live preview, saved and read back; a partial credit note
// made from a finalized invoice and edited like a draft, and a full cancellation. axe-core on every
// page. CONSOLE_SCREENSHOTS=1 writes the screenshots of docs/console/.
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeConsole, expectAccessible, NBSP, PASSWORD, SHOTS } from './browser.js';

describeConsole('web console in a browser: users, e-mail templates, credit notes', { user: 'patron', signIn: false }, (web) => {
  const { ctx, email } = web;
  const invited = `compta.${ctx.dialect}@atelier.example`;
  const invoices: { id: number; number: string }[] = [];

  async function shot(name: string, options: { fullPage?: boolean } = {}) {
    if (ctx.dialect === 'sqlite' && SHOTS)
      await web.page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: options.fullPage ?? false });
  }
  const accessible = (what: string) => expectAccessible(web.page, what);
  const text = async (selector: string) => ((await web.page.locator(selector).first().textContent()) ?? '').replace(NBSP, ' ');
  const fieldError = async (label: string) =>
    (
      (await web.page
        .locator('.field', { has: web.page.getByLabel(label, { exact: true }) })
        .locator('.field-error')
        .textContent()) ?? ''
    ).trim();
  const api = async (method: string, url: string, payload?: object) => {
    const res = await ctx.inject({ method, url, headers: web.account.headers, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<Record<string, unknown>>();
  };
  async function signIn(address: string) {
    await web.page.goto(`${web.base}/console/`);
    await web.page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await web.page.getByLabel('E-mail').fill(address);
    await web.page.getByLabel('Mot de passe').fill(PASSWORD);
    await web.page.getByRole('button', { name: 'Se connecter' }).click();
    await web.page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
  }

  beforeAll(async () => {
    await api('PUT', '/v1/settings', { company: { name: 'Atelier Lumière' } });
    const customer = await api('POST', '/v1/customers', { companyName: 'Boulangerie Martin', email: 'compta@boulangerie.example' });
    for (let i = 0; i < 2; i++) {
      const draft = await api('POST', '/v1/saleinvoices', {
        customerId: customer.id,
        lines: [
          { type: 'Product', description: 'Séance photo', quantity: 2, taxExcludedPrice: 100, vat: { rate: 20 } },
          { type: 'Product', description: 'Tirages papier', quantity: 3, taxExcludedPrice: 2.5, vat: { rate: 5.5 } },
        ],
      });
      const done = await api('POST', `/v1/saleinvoices/finalize/${String(draft.id)}`);
      invoices.push({ id: done.id as number, number: done.number as string });
    }
  }, 120_000);

  it('invites a user, shows the one-time link once, changes the profile, disables and enables them, resets the password', async () => {
    await signIn(email);
    await web.page.getByRole('link', { name: 'Utilisateurs' }).click();
    await web.page.getByRole('heading', { name: 'Utilisateurs', level: 1 }).waitFor();
    await expect.poll(() => text('table')).toContain(email);
    expect(await web.page.getByRole('row', { name: /Camille Roux/ }).textContent()).toContain('(vous)');
    // No disabling or reset for oneself: the API would refuse the first, the second would lock one out.
    expect(await web.page.getByRole('button', { name: 'Désactiver Camille Roux' }).count()).toBe(0);

    await web.page.getByLabel('E-mail').fill('pas-une-adresse');
    await web.page.getByRole('button', { name: 'Inviter' }).click();
    await expect.poll(() => fieldError('E-mail')).toBe('Adresse e-mail invalide.');
    await web.page.getByLabel('E-mail').fill(invited);
    await web.page.getByLabel('Prénom').fill('Paul');
    await web.page.getByLabel('Nom de famille').fill('Martin');
    await web.page.getByLabel('Profil').selectOption('Accountant');
    await web.page.getByRole('button', { name: 'Inviter' }).click();
    const dialog = web.page.getByRole('dialog');
    await dialog.waitFor();
    const link = (await dialog.locator('#signin-link').textContent())!;
    expect(link).toMatch(new RegExp(`^${web.base}/console/#/link/[A-Za-z0-9_-]{43}$`));
    expect(await dialog.textContent()).toContain('Il ne sera plus affiché');
    await accessible('invitation link');
    await shot('user-invited');
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    expect(await web.page.content()).not.toContain(link.split('/').pop());
    const row = web.page.getByRole('row', { name: /Paul Martin/ });
    await expect.poll(() => row.textContent()).toContain('Invitation envoyée');
    expect(await row.textContent()).toContain('Comptable');

    await row.getByRole('button', { name: 'Modifier Paul Martin' }).click();
    const edit = web.page.getByRole('dialog');
    await edit.getByLabel('Profil').selectOption('Standard');
    await edit.getByLabel('Téléphone').fill('+33 6 01 02 03 04');
    await edit.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect.poll(() => row.textContent()).toContain('Standard');
    expect(await text('.notice')).toBe('Utilisateur enregistré');

    await row.getByRole('button', { name: 'Désactiver Paul Martin' }).click();
    await web.page.getByRole('dialog').getByRole('button', { name: 'Désactiver' }).click();
    await expect.poll(() => row.textContent()).toContain('Désactivé');
    await row.getByRole('button', { name: 'Réactiver Paul Martin' }).click();
    // Never chose a password: enabled again, the invitation stands.
    await expect.poll(() => row.textContent()).toContain('Invitation envoyée');
    await accessible('users');
    await shot('users');

    await row.getByRole('button', { name: 'Réinitialiser le mot de passe Paul Martin' }).click();
    await web.page.getByRole('dialog').getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
    const again = web.page.getByRole('dialog');
    await again.locator('#signin-link').waitFor();
    const newLink = (await again.locator('#signin-link').textContent())!;
    expect(newLink).not.toBe(link);
    await again.getByRole('button', { name: 'Fermer' }).click();

    const users = await ctx.inject({ method: 'GET', url: '/v1/users/me', headers: web.account.headers });
    expect(users.json().profile).toBe('Api');
    const row2 = await ctx.db.kysely
      .selectFrom('users')
      .select(['profile', 'phone', 'status'])
      .where('email', '=', invited)
      .executeTakeFirstOrThrow();
    expect(row2).toEqual({ profile: 'Standard', phone: '+33 6 01 02 03 04', status: 'InvitationSent' });

    // The invited user signs in by the (new) link: no Users page for a Standard profile, and the API refuses.
    await web.page.getByRole('button', { name: 'Se déconnecter' }).click();
    await web.page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await web.page.goto(newLink);
    await web.page.getByRole('heading', { name: 'Mon compte' }).waitFor();
    expect(await web.page.getByRole('link', { name: 'Utilisateurs' }).count()).toBe(0);
    expect(await web.page.getByRole('link', { name: 'Accès API' }).count()).toBe(0);
    await web.page.goto(`${web.base}/console/#/users`);
    await web.page.getByRole('heading', { name: 'Page introuvable.' }).waitFor();
    const status = await web.page.evaluate(
      async () => (await fetch('/v1/users', { headers: { 'x-requested-with': 'XMLHttpRequest' } })).status,
    );
    expect(status).toBe(403);
    await web.page.getByRole('button', { name: 'Se déconnecter' }).click();
    await web.page.getByRole('heading', { name: 'Connexion' }).waitFor();
  }, 90_000);

  it('edits the e-mail templates of invoices and credit notes with a live preview of the placeholders; cc refused then saved', async () => {
    await signIn(email);
    await web.page.getByRole('link', { name: 'Paramètres', exact: true }).click();
    await web.page.getByRole('heading', { name: 'Paramètres' }).waitFor();
    // Empty templates: the preview shows the default message the API sends.
    const year = new Date().getFullYear();
    await expect.poll(() => text('[data-testid=preview-subject]')).toBe(`Facture F-${year}-00001 – Atelier Lumière`);
    expect(await text('[data-testid=preview-body]')).toContain('d’un montant de 1 234,50 €');
    expect(await text('.mail-preview')).toContain(`Pièce jointe : F-${year}-00001.pdf`);
    await web.page.getByLabel('Objet', { exact: true }).fill('Votre {document} n° {number} ({customer})');
    await web.page
      .getByLabel('Message', { exact: true })
      .fill('Bonjour {customer},\n\nMontant : {{amount}}, échéance {dueDate}.\n{inconnu}\n{company}');
    await expect.poll(() => text('[data-testid=preview-subject]')).toBe(`Votre Facture n° F-${year}-00001 (Boulangerie Exemple)`);
    const body = await text('[data-testid=preview-body]');
    expect(body).toContain('Bonjour Boulangerie Exemple,');
    expect(body).toContain('Montant : 1 234,50 €, échéance ');
    expect(body).toContain('{inconnu}\nAtelier Lumière');
    await web.page.getByLabel('Indiquer le montant ({amount})').uncheck();
    await expect.poll(() => text('[data-testid=preview-body]')).toContain('Montant : , échéance');
    await web.page.getByLabel('Copie (Cc)', { exact: true }).fill('comptable@atelier.example, pas-une-adresse');
    await web.page.getByLabel('Joindre le PDF du document').uncheck();
    expect(await text('.mail-preview')).not.toContain('Pièce jointe');
    await web.page.getByLabel('Modèles pour').selectOption('credits');
    await expect.poll(() => text('[data-testid=preview-subject]')).toBe(`Avoir AV-${year}-00001 – Atelier Lumière`);
    await web.page.getByLabel('Objet', { exact: true }).fill('Avoir {number}');
    await web.page.getByLabel('Modèles pour').selectOption('quotes');
    await expect.poll(() => text('[data-testid=preview-subject]')).toBe(`Devis D-${year}-00001 – Atelier Lumière`);
    // A quote's {dueDate} is its validity date.
    expect(await text('[data-testid=preview-body]')).toContain('payable au plus tard le');
    await web.page.getByLabel('Modèles pour').selectOption('credits');
    expect(await web.page.getByLabel('Objet', { exact: true }).inputValue()).toBe('Avoir {number}');
    await web.page.getByLabel('Copie cachée (Cci)').fill('archives@atelier.example');
    await web.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await web.page.getByLabel('Modèles pour').selectOption('invoices');
    await expect.poll(() => fieldError('Copie (Cc)')).toMatch(/^\[1\] /);
    await web.page.getByLabel('Copie (Cc)', { exact: true }).fill('comptable@atelier.example');
    await web.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect.poll(() => text('.notice')).toBe('Paramètres enregistrés');
    await web.page.locator('#mail-templates').evaluate((node) => {
      node.scrollIntoView({ block: 'start' });
    });
    await accessible('e-mail templates');
    await shot('settings-emails');

    const settings = await api('GET', '/v1/settings');
    const emailing = settings.emailing as Record<string, Record<string, unknown>>;
    expect(emailing.invoices).toMatchObject({
      defaultObjectTemplate: 'Votre {document} n° {number} ({customer})',
      defaultContentTemplate: 'Bonjour {customer},\n\nMontant : {{amount}}, échéance {dueDate}.\n{inconnu}\n{company}',
      defaultCcEmails: ['comptable@atelier.example'],
      includeDocumentAttachment: false,
      showAmount: false,
    });
    expect(emailing.credits).toMatchObject({ defaultObjectTemplate: 'Avoir {number}', defaultBccEmails: ['archives@atelier.example'] });
    await web.page.reload();
    await web.page.getByRole('heading', { name: 'Paramètres' }).waitFor();
    expect(await web.page.getByLabel('Objet', { exact: true }).inputValue()).toBe('Votre {document} n° {number} ({customer})');
  }, 90_000);

  it('makes a partial credit note from a finalized invoice, edited like a draft, then finalized', async () => {
    const [invoice] = invoices;
    await web.page.goto(`${web.base}/console/#/invoices/${invoice.id}`);
    await web.page.getByRole('heading', { name: invoice.number }).waitFor();
    await web.page.getByRole('button', { name: 'Faire un avoir' }).click();
    const dialog = web.page.getByRole('dialog');
    expect(await dialog.getByLabel('Avoir partiel').isChecked()).toBe(true);
    await accessible('credit dialog');
    await dialog.getByRole('button', { name: 'Créer le brouillon d’avoir' }).click();
    await web.page.getByRole('heading', { name: /brouillon/ }).waitFor();
    expect(await text('[data-testid=corrected-invoice]')).toBe(invoice.number);
    // The invoice's lines, to adjust: one photo session instead of two, no prints.
    await expect.poll(() => text('[data-testid=total-ttc]')).toBe('247,91 €');
    const line1 = web.page.getByRole('group', { name: 'Ligne 1' });
    expect(await line1.getByLabel('Description').inputValue()).toBe('Séance photo');
    await line1.getByLabel('Quantité').fill('1');
    await web.page.getByRole('button', { name: 'Supprimer la ligne 2' }).click();
    await expect.poll(() => text('[data-testid=total-ttc]'), { timeout: 15_000 }).toBe('120,00 €');
    await expect.poll(() => text('.save-state')).toBe('Brouillon enregistré');
    await accessible('credit draft');
    await shot('credit-draft', { fullPage: true });
    await web.page.getByRole('button', { name: 'Finaliser' }).click();
    await web.page.getByRole('dialog').getByRole('button', { name: 'Finaliser' }).click();
    const year = new Date().getFullYear();
    await web.page.getByRole('heading', { name: `AV-${year}-00001` }).waitFor();
    expect(await text('[data-testid=total-ttc]')).toBe('120,00 €');
    const credits = (await ctx.inject({ method: 'GET', url: '/v1/salecredits', headers: web.account.headers })).json<
      Record<string, unknown>[]
    >();
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({
      number: `AV-${year}-00001`,
      cancelledInvoicetId: invoice.id,
      taxIncludedAmount: 120,
      isDraft: false,
    });
    await web.page.getByTestId('corrected-invoice').click();
    await web.page.getByRole('heading', { name: invoice.number }).waitFor();
  }, 90_000);

  it('sends the invoice by e-mail with the templates saved above: subject, cc, no attachment', async () => {
    const [invoice] = invoices;
    const year = new Date().getFullYear();
    await web.page.getByRole('button', { name: 'Envoyer par e-mail' }).click();
    const dialog = web.page.getByRole('dialog');
    await dialog.getByLabel('Destinataires').fill('pas-une-adresse');
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await expect.poll(async () => (await dialog.getByRole('alert').textContent()) ?? '').toContain('is not an e-mail address');
    await dialog.getByLabel('Destinataires').fill('');
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    const queued = dialog.getByTestId('email-queued');
    await queued.waitFor();
    const shown = ((await queued.textContent()) ?? '').replace(NBSP, ' ');
    expect(shown).toContain('E-mail mis en file d’envoi pour compta@boulangerie.example.');
    expect(shown).toContain(`Objet : Votre Facture n° ${invoice.number} (Boulangerie Martin)`);
    expect(shown).toContain('Cc : comptable@atelier.example');
    expect(shown).not.toContain('Pièce jointe');
    await accessible('e-mail queued');
    await shot('invoice-email');
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    const emails = await ctx.db.kysely
      .selectFrom('emailMessages')
      .select(['documentNumber', 'message'])
      .where('accountId', '=', web.account.accountId)
      .execute();
    expect(emails.map((e) => e.documentNumber)).toEqual([`F-${year}-00001`]);
    expect(JSON.parse(emails[0].message)).toMatchObject({
      to: ['compta@boulangerie.example'],
      cc: ['comptable@atelier.example'],
      subject: `Votre Facture n° F-${year}-00001 (Boulangerie Martin)`,
      attachment: null,
    });
  }, 60_000);

  it('cancels an invoice in full from the same dialog: the credit note is linked', async () => {
    const invoice = invoices[1];
    await web.page.goto(`${web.base}/console/#/invoices/${invoice.id}`);
    await web.page.getByRole('heading', { name: invoice.number }).waitFor();
    await web.page.getByRole('button', { name: 'Faire un avoir' }).click();
    const dialog = web.page.getByRole('dialog');
    await dialog.getByLabel('Annulation totale').check();
    await dialog.getByRole('button', { name: 'Annuler la facture' }).click();
    const year = new Date().getFullYear();
    await expect.poll(() => text('[data-testid=cancellation-credit]')).toBe(`AV-${year}-00002`);
    expect(await text('[data-testid=balance]')).toBe('0,00 €');
    expect(await web.page.getByRole('button', { name: 'Faire un avoir' }).count()).toBe(0);
    await web.page.getByTestId('cancellation-credit').click();
    await web.page.getByRole('heading', { name: `AV-${year}-00002` }).waitFor();
    expect(await text('[data-testid=total-ttc]')).toBe('247,91 €');
    expect(await text('[data-testid=corrected-invoice]')).toBe(invoice.number);
  }, 60_000);

  it('makes a quote: draft editor with live totals, sent (numbered), accepted, turned into an invoice draft', async () => {
    const year = new Date().getFullYear();
    await web.page.getByRole('link', { name: 'Devis' }).click();
    await web.page.getByRole('heading', { name: 'Devis', level: 1 }).waitFor();
    await web.page.getByRole('link', { name: 'Nouveau devis' }).click();
    await web.page.getByLabel('Client').selectOption({ index: 1 });
    await web.page.getByRole('button', { name: 'Nouveau' }).click();
    await web.page.getByRole('heading', { name: /Nouveau devis \(brouillon/ }).waitFor();
    expect(await text('[data-testid=quote-status]')).toBe('En attente');
    await web.page.getByRole('button', { name: '+ Ajouter une ligne' }).click();
    const line1 = web.page.getByRole('group', { name: 'Ligne 1' });
    await line1.getByLabel('Description').fill('Reportage mariage');
    await line1.getByLabel('Quantité').fill('1');
    await line1.getByLabel('Prix unitaire HT').fill('1200');
    await web.page.getByRole('button', { name: '+ Ajouter une ligne' }).click();
    const line2 = web.page.getByRole('group', { name: 'Ligne 2' });
    await line2.getByLabel('Description').fill('Album');
    await line2.getByLabel('Quantité').fill('2');
    await line2.getByLabel('Prix unitaire HT').fill('45,5');
    await line2.getByLabel('TVA').selectOption('5.5');
    await expect.poll(() => text('[data-testid=total-ttc]'), { timeout: 15_000 }).toBe('1 536,01 €');
    expect(await text('[data-testid=total-ht]')).toBe('1 291,00 €');
    await expect.poll(() => text('.save-state')).toBe('Brouillon enregistré');
    await accessible('quote draft');
    await shot('quote-draft', { fullPage: true });
    // Sent by e-mail: the quote is issued (numbered) on the way and the message queued with the quote templates.
    await web.page.getByRole('button', { name: 'Envoyer par e-mail' }).click();
    const dialog = web.page.getByRole('dialog');
    await dialog.getByLabel('Destinataires').fill('mariage@example.fr');
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await dialog.getByTestId('email-queued').waitFor();
    expect(((await dialog.getByTestId('email-queued').textContent()) ?? '').replace(NBSP, ' ')).toContain(
      'E-mail mis en file d’envoi pour mariage@example.fr.',
    );
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await web.page.getByRole('heading', { name: `D-${year}-00001` }).waitFor();
    const mailed = await ctx.db.kysely
      .selectFrom('emailMessages')
      .select(['documentKind', 'documentNumber'])
      .where('accountId', '=', web.account.accountId)
      .where('documentKind', '=', 'Quote')
      .execute();
    expect(mailed).toEqual([{ documentKind: 'Quote', documentNumber: `D-${year}-00001` }]);
    await web.page.getByRole('button', { name: 'Marquer comme envoyé' }).click();
    await expect.poll(() => text('[data-testid=quote-status]')).toBe('Envoyé');
    // Still editable once sent.
    await web.page.getByRole('group', { name: 'Ligne 2' }).getByLabel('Quantité').fill('1');
    await expect.poll(() => text('[data-testid=total-ttc]'), { timeout: 15_000 }).toBe('1 488,00 €');
    await expect.poll(() => text('.save-state')).toBe('Brouillon enregistré');
    await web.page.getByRole('button', { name: 'Accepté par le client' }).click();
    await web.page.getByRole('dialog').getByRole('button', { name: 'Accepté par le client' }).click();
    await expect.poll(() => text('[data-testid=quote-status]')).toBe('Accepté');
    expect(await web.page.getByLabel('Description').count()).toBe(0);
    await accessible('accepted quote');
    await web.page.getByRole('button', { name: 'Créer la facture' }).click();
    await web.page.getByRole('heading', { name: /Nouvelle facture \(brouillon/ }).waitFor();
    await expect.poll(() => text('[data-testid=total-ttc]')).toBe('1 488,00 €');
    expect(await web.page.getByRole('group', { name: 'Ligne 1' }).getByLabel('Description').inputValue()).toBe('Reportage mariage');
    expect(await text('[data-testid=invoice-quote]')).toBe(`D-${year}-00001`);
    const quotes = (await ctx.inject({ method: 'GET', url: '/v1/salequotes', headers: web.account.headers })).json<
      Record<string, unknown>[]
    >();
    expect(quotes).toHaveLength(1);
    expect(quotes[0]).toMatchObject({ number: `D-${year}-00001`, status: 'Invoiced', taxIncludedAmount: 1488 });
    await web.page.getByRole('link', { name: 'Devis' }).click();
    await web.page.getByRole('link', { name: 'Facturé' }).click();
    await expect.poll(() => text('table')).toContain(`D-${year}-00001`);
    await web.page.getByRole('link', { name: `D-${year}-00001` }).click();
    await expect.poll(() => text('[data-testid=quote-status]')).toBe('Facturé');
    await web.page.getByTestId('quote-invoice').click();
    await web.page.getByRole('heading', { name: /Nouvelle facture/ }).waitFor();
  }, 90_000);

  it('records a refused quote: no more editing, no invoice', async () => {
    const customers = (await ctx.inject({ method: 'GET', url: '/v1/customers', headers: web.account.headers })).json<{ id: number }[]>();
    const quote = await api('POST', '/v1/salequotes', {
      customerId: customers[0].id,
      lines: [{ type: 'Product', description: 'Retouches', quantity: 4, taxExcludedPrice: 30, vat: { rate: 20 } }],
    });
    await web.page.goto(`${web.base}/console/#/quotes/${String(quote.id)}`);
    await web.page.getByRole('heading', { name: /Nouveau devis/ }).waitFor();
    await web.page.getByRole('button', { name: 'Refusé par le client' }).click();
    await web.page.getByRole('dialog').getByRole('button', { name: 'Refusé par le client' }).click();
    await expect.poll(() => text('[data-testid=quote-status]')).toBe('Refusé');
    expect(await web.page.getByRole('button', { name: 'Créer la facture' }).count()).toBe(0);
    expect(await text('[data-testid=total-ttc]')).toBe('144,00 €');
    await web.page.getByRole('link', { name: '← Devis' }).click();
    await expect.poll(() => web.page.getByRole('row').count()).toBe(3);
    await accessible('quotes');
    await shot('quotes');
    // The users page on a phone: one card per user, the actions under it.
    await web.page.setViewportSize({ width: 390, height: 844 });
    await web.page.getByRole('button', { name: 'Menu' }).click();
    await web.page.getByRole('link', { name: 'Utilisateurs' }).click();
    await expect.poll(() => text('table')).toContain('Paul Martin');
    await accessible('users on a phone');
    await shot('phone-users', { fullPage: true });
    await web.page.setViewportSize({ width: 1200, height: 800 });
  }, 60_000);
});
