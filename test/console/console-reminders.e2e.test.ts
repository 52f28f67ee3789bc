// Reminders in the console (issue #30), in Debian's chromium on each database: the schedule edited in
// the settings (an unknown placeholder refused beside its field, a preview rendered by the API, saved
// and read back); an overdue invoice's reminders listed with their dates and states, the next one
// sent on demand and recorded; an invoice whose customer has no e-mail says why none can go; a
// recurring invoice model made in the console (a missing customer refused beside its field), its
// first invoice issued by the worker and listed on the model's page.
import { expect, it } from 'vitest';
import { describeConsole, expectAccessible } from './browser.js';

describeConsole('web console in a browser: reminders', { user: 'relances' }, (web) => {
  const { ctx } = web;

  const api = async <T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await ctx.inject({ method, url, headers: web.account.headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<T>();
  };
  async function overdueInvoice(customer: object) {
    const customerId = (await api<{ id: number }>('POST', '/v1/customers', customer)).id;
    const draft = await api<{ id: number }>('POST', '/v1/saleinvoices', {
      customerId,
      date: '2026-10-01',
      dueDate: '2026-10-31',
      lines: [{ type: 'Service', description: 'Reportage', quantity: 1, taxExcludedPrice: 500, vat: { rate: 20 } }],
    });
    return api<{ id: number; number: string }>('POST', `/v1/saleinvoices/finalize/${draft.id}`);
  }

  it('edits the schedule in the settings: an unknown placeholder refused beside its field, a preview, saved', async () => {
    await web.page.goto(`${web.base}/console/#/settings`);
    const section = web.page.getByTestId('reminder-settings');
    await section.waitFor();
    await section.getByLabel('Envoyer les relances automatiquement (une fois par jour)').check();
    const step1 = section.getByRole('group', { name: 'Relance 1' });
    await step1.getByLabel('Objet de la relance').fill('Facture {number} : reste {montant}');
    await web.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect.poll(async () => (await step1.locator('.field-error').allTextContents()).join(' ')).toContain('{montant}');
    await step1.getByLabel('Objet de la relance').fill('Facture {number} : reste {amountDue}');
    await step1.getByRole('button', { name: 'Aperçu' }).click();
    const preview = step1.getByTestId('reminder-preview');
    await preview.waitFor();
    expect(await preview.locator('strong').textContent()).toMatch(/^Facture \S+ : reste \d/);
    await web.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect.poll(() => web.page.locator('.notice').first().textContent()).toBe('Paramètres enregistrés');
    const saved = await api<{ reminders: { enabled: boolean; steps: { subject: string }[] } }>('GET', '/v1/settings');
    expect(saved.reminders.enabled).toBe(true);
    expect(saved.reminders.steps[0].subject).toBe('Facture {number} : reste {amountDue}');
    await expectAccessible(web.page, 'settings with reminders');
  });

  it("lists an overdue invoice's reminders and sends the next one on demand; says why none can go without an e-mail", async () => {
    const invoice = await overdueInvoice({ companyName: 'Boulangerie Martin', email: 'compta@boulangerie.example' });
    await web.page.goto(`${web.base}/console/#/invoices/${invoice.id}`);
    const panel = web.page.getByTestId('reminders');
    await panel.waitFor();
    expect(await panel.locator('tbody tr').count()).toBeGreaterThanOrEqual(1);
    await panel.getByRole('button', { name: 'Envoyer la relance maintenant' }).click();
    await panel.getByTestId('reminders-sent').waitFor();
    expect(await panel.getByTestId('reminders-sent').locator('li').first().textContent()).toContain('Relance 1');
    expect(await panel.getByTestId('reminders-sent').locator('li').first().textContent()).toContain('compta@boulangerie.example');
    const plan = await api<{ history: { step: number; trigger: string }[] }>('GET', `/v1/saleinvoices/reminders/${invoice.id}`);
    expect(plan.history).toEqual([expect.objectContaining({ step: 1, trigger: 'Manual' })]);
    await expectAccessible(web.page, 'invoice with its reminders');

    const silent = await overdueInvoice({ companyName: 'Sans Courriel SARL' });
    await web.page.goto(`${web.base}/console/#/invoices/${silent.id}`);
    await web.page.getByTestId('reminders').waitFor();
    const reason = (await api<{ notSendableReason: string }>('GET', `/v1/saleinvoices/reminders/${silent.id}`)).notSendableReason;
    expect(reason).toBeTruthy();
    expect(await web.page.getByTestId('reminders').locator('.notice').textContent()).toBe(`Pas de relance possible : ${reason}`);
    expect(await web.page.getByRole('button', { name: 'Envoyer la relance maintenant' }).count()).toBe(0);
  });

  it('makes a recurring invoice model; the worker issues its first invoice, listed on the model', async () => {
    await api('POST', '/v1/customers', { companyName: 'Abonné Mensuel SARL', email: 'abonne@example.fr' });
    await web.page.goto(`${web.base}/console/#/recurring`);
    await web.page.getByRole('heading', { name: 'Factures récurrentes' }).waitFor();
    await web.page.getByRole('link', { name: 'Nouvelle facture récurrente' }).click();
    await web.page.getByLabel('Description').fill('Maintenance du site');
    await web.page.getByLabel('Prix unitaire HT').fill('150');
    await web.page.getByRole('button', { name: 'Créer' }).click();
    await expect
      .poll(
        async () =>
          await web.page
            .locator('.field', { has: web.page.getByLabel('Client', { exact: true }) })
            .locator('.field-error')
            .count(),
      )
      .toBe(1);
    await web.page.getByLabel('Client', { exact: true }).selectOption({ label: 'Abonné Mensuel SARL' });
    await web.page.getByLabel('Fréquence').selectOption('Monthly');
    await web.page.getByRole('button', { name: 'Créer' }).click();
    await web.page.getByRole('heading', { name: /^Facture récurrente n° \d+$/ }).waitFor();
    expect(await web.page.getByTestId('recurring-status').textContent()).toBe('Active');
    const [model] = await api<{ id: number; frequency: string; mode: string; invoice: { lines: { description: string }[] } }[]>(
      'GET',
      '/v1/recurringinvoices',
    );
    expect(model).toMatchObject({
      frequency: 'Monthly',
      mode: 'Draft',
      invoice: { lines: [expect.objectContaining({ description: 'Maintenance du site' })] },
    });
    await ctx.app.outbox.drain();
    await web.page.reload();
    const occurrences = web.page.getByTestId('occurrences');
    await occurrences.waitFor();
    expect(await occurrences.locator('li').count()).toBe(1);
    const link = occurrences.getByRole('link', { name: 'Voir la facture' });
    const invoiceId = Number((await link.getAttribute('href'))!.split('/').pop());
    const invoice = await api<{ isDraft: boolean; taxExcludedAmount: number }>('GET', `/v1/saleinvoices/${invoiceId}`);
    expect(invoice).toMatchObject({ isDraft: true, taxExcludedAmount: 150 });
    await expectAccessible(web.page, 'recurring model');
    await web.page.goto(`${web.base}/console/#/recurring`);
    await web.page.getByTestId('recurring-list').waitFor();
    expect(await web.page.getByTestId('recurring-list').locator('tbody tr').first().textContent()).toContain('Abonné Mensuel SARL');
    await expectAccessible(web.page, 'recurring list');

    // Edited: a second line (goods, two of them), quarterly; the first line keeps what the form does not show.
    await api('PUT', `/v1/recurringinvoices/${model.id}`, {
      customerId: (await api<{ customerId: number }>('GET', `/v1/recurringinvoices/${model.id}`)).customerId,
      frequency: 'Monthly',
      startDate: '2026-11-01',
      dayOfIssue: 5,
      invoice: {
        lines: [
          {
            type: 'Service',
            description: 'Maintenance du site',
            quantity: 1,
            taxExcludedPrice: 150,
            vat: { rate: 20 },
            discount: { type: 'Percent', value: 10 },
          },
        ],
      },
    });
    await web.page.goto(`${web.base}/console/#/recurring/${model.id}`);
    await web.page.getByRole('button', { name: 'Modifier' }).click();
    await web.page.getByRole('heading', { name: `Modifier la facture récurrente n° ${model.id}` }).waitFor();
    await web.page.getByRole('button', { name: 'Ajouter une ligne' }).click();
    await web.page.getByLabel('Description (ligne 2)').fill('Hébergement');
    await web.page.getByLabel('Nature (ligne 2)').selectOption('Product');
    await web.page.getByLabel('Quantité (ligne 2)').fill('2');
    await web.page.getByLabel('Prix unitaire HT (ligne 2)').fill('12,50');
    await web.page.getByLabel('Fréquence').selectOption('Quarterly');
    await web.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await web.page.getByTestId('model-lines').waitFor();
    expect(await web.page.getByTestId('model-lines').locator('li').count()).toBe(2);
    const edited = await api<{ frequency: string; dayOfIssue: number; startDate: string; invoice: { lines: Record<string, unknown>[] } }>(
      'GET',
      `/v1/recurringinvoices/${model.id}`,
    );
    expect(edited).toMatchObject({ frequency: 'Quarterly', dayOfIssue: 5, startDate: '2026-11-01' });
    expect(edited.invoice.lines).toEqual([
      expect.objectContaining({ description: 'Maintenance du site', taxExcludedPrice: 150, discount: { type: 'Percent', value: 10 } }),
      expect.objectContaining({ type: 'Product', description: 'Hébergement', quantity: 2, taxExcludedPrice: 12.5 }),
    ]);
    await expectAccessible(web.page, 'recurring model edited');

    // Deleted, after a confirmation: gone from the API and the list; its invoice stays.
    await web.page.getByRole('button', { name: 'Supprimer' }).click();
    await web.page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await web.page.getByRole('heading', { name: 'Factures récurrentes' }).waitFor();
    expect(await api<unknown[]>('GET', '/v1/recurringinvoices')).toEqual([]);
    expect((await api<{ id: number }>('GET', `/v1/saleinvoices/${invoiceId}`)).id).toBe(invoiceId);
  });

  it("switches reminders off for one customer from the customer's page, and keeps the e-invoicing address it does not show", async () => {
    const customer = await api<{ id: number }>('POST', '/v1/customers', {
      companyName: 'Prélèvement SA',
      email: 'prelevement@example.fr',
      companyInformations: { siret: '73282932000074', electronicAddress: '732829320_FACTURES' },
    });
    await web.page.goto(`${web.base}/console/#/customers/${customer.id}`);
    const box = web.page.getByLabel('Ne jamais relancer ce client (il paie par prélèvement, par exemple)');
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await web.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await web.page.getByText('Enregistré').first().waitFor();
    const settings = await api<{ reminders: { excludedCustomerIds: number[] } }>('GET', '/v1/settings');
    expect(settings.reminders.excludedCustomerIds).toContain(customer.id);
    const saved = await api<{ companyInformations: { electronicAddress: string | null } }>('GET', `/v1/customers/${customer.id}`);
    expect(saved.companyInformations.electronicAddress).toBe('732829320_FACTURES');
    await web.page.reload();
    await expect
      .poll(() => web.page.getByLabel('Ne jamais relancer ce client (il paie par prélèvement, par exemple)').isChecked())
      .toBe(true);
  });
});
