// Keyboard shortcuts for the frequent actions (issue #31): n a new invoice, / the page's search box,
// "g" then a letter to go to a page, ? this list. Keys typed in a field, or with Ctrl, Alt or Cmd,
// are the field's and the browser's: the shortcuts never take them.
import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { dictionary } from './dict';
import { go } from './router';
import { Dialog } from './ui';

const ts = dictionary(
  {
    title: 'Raccourcis clavier',
    newInvoice: 'Nouvelle facture',
    search: 'Rechercher dans la page',
    help: 'Afficher cette aide',
    then: 'puis',
    close: 'Fermer',
    invoices: 'Factures',
    credits: 'Avoirs',
    quotes: 'Devis',
    customers: 'Clients',
    products: 'Produits',
    receipts: 'Encaissements',
    bank: 'Banque',
    expenses: 'Notes de frais',
    exports: 'Exports comptables',
    emails: 'E-mails envoyés',
    settings: 'Paramètres',
    goTo: 'Aller à : {page}',
  },
  {
    title: 'Keyboard shortcuts',
    newInvoice: 'New invoice',
    search: 'Search in the page',
    help: 'Show this help',
    then: 'then',
    close: 'Close',
    invoices: 'Invoices',
    credits: 'Credit notes',
    quotes: 'Quotes',
    customers: 'Customers',
    products: 'Products',
    receipts: 'Receipts',
    bank: 'Bank',
    expenses: 'Expense reports',
    exports: 'Accounting exports',
    emails: 'E-mails sent',
    settings: 'Settings',
    goTo: 'Go to: {page}',
  },
);

/** "g" then this key goes to the page (French initials: Avoirs, Devis, Encaissements, Frais). */
const PAGES: [string, Parameters<typeof ts>[0]][] = [
  ['i', 'invoices'],
  ['a', 'credits'],
  ['d', 'quotes'],
  ['c', 'customers'],
  ['p', 'products'],
  ['e', 'receipts'],
  ['b', 'bank'],
  ['f', 'expenses'],
  ['x', 'exports'],
  ['m', 'emails'],
  ['s', 'settings'],
];

/** Whether a key goes to what has the focus rather than to the shortcuts. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function Shortcuts() {
  const [help, setHelp] = useState(false);
  useEffect(() => {
    let pendingG = 0;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || typing(e.target)) return;
      // A confirmation or another dialog open keeps the keyboard to itself.
      if (document.querySelector('dialog[open]')) return;
      const now = Date.now();
      if (pendingG && now - pendingG < 1500) {
        pendingG = 0;
        const page = PAGES.find(([key]) => key === e.key.toLowerCase());
        if (page) {
          e.preventDefault();
          go(`/${page[1]}`);
        }
        return;
      }
      pendingG = 0;
      if (e.key === 'g') pendingG = now;
      else if (e.key === 'n') {
        e.preventDefault();
        go('/invoices/new');
      } else if (e.key === '/') {
        const box = document.querySelector<HTMLInputElement>('main [role=search] input, main input[type=search]');
        if (box) {
          e.preventDefault();
          box.focus();
        }
      } else if (e.key === '?') {
        e.preventDefault();
        setHelp(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  if (!help) return null;
  const close = () => {
    setHelp(false);
  };
  return (
    <Dialog
      title={ts('title')}
      onClose={close}
      actions={
        <button type="button" class="primary" onClick={close}>
          {ts('close')}
        </button>
      }
    >
      <dl class="shortcuts" data-testid="shortcuts">
        <dt>
          <kbd>n</kbd>
        </dt>
        <dd>{ts('newInvoice')}</dd>
        <dt>
          <kbd>/</kbd>
        </dt>
        <dd>{ts('search')}</dd>
        {PAGES.map(([key, page]) => (
          <Fragment key={key}>
            <dt>
              <kbd>g</kbd> {ts('then')} <kbd>{key}</kbd>
            </dt>
            <dd>{ts('goTo', { page: ts(page) })}</dd>
          </Fragment>
        ))}
        <dt>
          <kbd>?</kbd>
        </dt>
        <dd>{ts('help')}</dd>
      </dl>
    </Dialog>
  );
}
