// Échéances and règlements (issue #31, docs/ledgers.md): what is owed to the company and by it, earliest
// due first (GET /v1/commitments), and what was paid, oldest first (GET /v1/settlements), filtered by
// kind and dates as the API filters, a page at a time, each entry linking to its document, with the
// totals of everything the filter selects (read 100 at a time, summed in cents).
import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { get, getPage } from '../api';
import type { Schemas } from '../api-types';
import { dictionary } from '../dict';
import { cents, getAll, todayIso } from '../figures';
import { date, money } from '../format';
import { go } from '../router';
import { DateField, ErrorBox, Filters, ListTable, Loading, useLoad, type Column } from '../ui';
import { paymentMethodLabel, receiptDocument } from './receipts';
import '../tools.css';

type Commitment = Schemas['CommitmentEntry'];
type Settlement = Schemas['SettlementEntry'];
type CommitmentType = Commitment['type'];
type SettlementType = Settlement['type'];

export const tl = dictionary(
  {
    ledgers: 'Échéances et règlements',
    commitments: 'Échéances',
    settlements: 'Règlements',
    view: 'Vue',
    commitmentsHelp:
      'Ce que vos clients vous doivent et ce que vous devez à vos fournisseurs et collaborateurs, la plus proche échéance d’abord. Un avoir est en négatif.',
    settlementsHelp:
      'Ce qui a été encaissé (en positif) et payé (en négatif) : encaissements clients, paiements fournisseurs, remboursements de frais, les plus anciens d’abord.',
    kinds: 'Types',
    Customer: 'Clients',
    Supplier: 'Fournisseurs',
    Colleague: 'Collaborateurs',
    CustomerReceipt: 'Encaissements clients',
    SupplierPayment: 'Paiements fournisseurs',
    ColleagueRepayment: 'Remboursements de frais',
    oneCustomer: 'Client',
    oneSupplier: 'Fournisseur',
    oneColleague: 'Collaborateur',
    oneCustomerReceipt: 'Encaissement client',
    oneSupplierPayment: 'Paiement fournisseur',
    oneColleagueRepayment: 'Remboursement de frais',
    invoice: 'Facture',
    credit: 'Avoir',
    purchase: 'Facture fournisseur',
    report: 'Note de frais',
    fromDue: 'Échéance du',
    toDue: 'Échéance au',
    from: 'Du',
    to: 'Au',
    toBeforeFrom: 'La date de fin précède la date de début.',
    clear: 'Effacer les dates',
    dueDate: 'Échéance',
    date: 'Date',
    kind: 'Type',
    third: 'Tiers',
    document: 'Document',
    amount: 'Montant TTC',
    dueAmount: 'Reste dû',
    method: 'Mode',
    reference: 'Référence',
    overdue: 'En retard',
    none: 'Aucune écriture pour ces critères.',
    totals: 'Totaux',
    totalsHelp: '{n} écriture(s) pour ces critères.',
    toReceive: 'À recevoir des clients',
    toPaySuppliers: 'À payer aux fournisseurs',
    toPayColleagues: 'À rembourser aux collaborateurs',
    net: 'Solde net (à recevoir − à payer)',
    received: 'Encaissé',
    paidOut: 'Décaissé',
    netCash: 'Variation de trésorerie',
    noDocument: 'sans document lié',
  },
  {
    ledgers: 'Commitments and settlements',
    commitments: 'Commitments',
    settlements: 'Settlements',
    view: 'View',
    commitmentsHelp: 'What customers owe you and what you owe suppliers and colleagues, earliest due first. A credit note is negative.',
    settlementsHelp:
      'What was received (positive) and paid (negative): customer receipts, supplier payments, expense repayments, oldest first.',
    kinds: 'Kinds',
    Customer: 'Customers',
    Supplier: 'Suppliers',
    Colleague: 'Colleagues',
    CustomerReceipt: 'Customer receipts',
    SupplierPayment: 'Supplier payments',
    ColleagueRepayment: 'Expense repayments',
    oneCustomer: 'Customer',
    oneSupplier: 'Supplier',
    oneColleague: 'Colleague',
    oneCustomerReceipt: 'Customer receipt',
    oneSupplierPayment: 'Supplier payment',
    oneColleagueRepayment: 'Expense repayment',
    invoice: 'Invoice',
    credit: 'Credit note',
    purchase: 'Supplier invoice',
    report: 'Expense report',
    fromDue: 'Due from',
    toDue: 'Due to',
    from: 'From',
    to: 'To',
    toBeforeFrom: 'The end date is before the start date.',
    clear: 'Clear the dates',
    dueDate: 'Due',
    date: 'Date',
    kind: 'Kind',
    third: 'Party',
    document: 'Document',
    amount: 'Amount incl. tax',
    dueAmount: 'Due',
    method: 'Method',
    reference: 'Reference',
    overdue: 'Overdue',
    none: 'No entry for these criteria.',
    totals: 'Totals',
    totalsHelp: '{n} entries for these criteria.',
    toReceive: 'Owed by customers',
    toPaySuppliers: 'Owed to suppliers',
    toPayColleagues: 'Owed to colleagues',
    net: 'Net (to receive − to pay)',
    received: 'Received',
    paidOut: 'Paid out',
    netCash: 'Net cash',
    noDocument: 'no linked document',
  },
);

const COMMITMENT_TYPES: readonly CommitmentType[] = ['Customer', 'Supplier', 'Colleague'];
const SETTLEMENT_TYPES: readonly SettlementType[] = ['CustomerReceipt', 'SupplierPayment', 'ColleagueRepayment'];
const PAGE_SIZE = 20;

/** A row of the table: the API's entry (kind and id make its key) and its documents. */
type Row<E = Commitment | Settlement> = { id: string; entry: E; links: DocLink[] };

/** A document an entry links to: its page in the console and its words. */
interface DocLink {
  href: string;
  text: string;
}

/** A commitment's document: the sale invoice (a credit is negative), the purchase invoice, the expense report. */
function commitmentDocument(c: Commitment): DocLink {
  const ref = c.reference ?? `#${c.id}`;
  if (c.type === 'Customer')
    return c.amount < 0
      ? { href: `#/credits/${c.id}`, text: `${tl('credit')} ${ref}` }
      : { href: `#/invoices/${c.id}`, text: `${tl('invoice')} ${ref}` };
  if (c.type === 'Supplier') return { href: `#/received/${c.id}`, text: `${tl('purchase')} ${ref}` };
  return { href: `#/expenses/${c.id}`, text: `${tl('report')} ${ref}` };
}

/**
 * A settlement's documents: a receipt's invoices and credits, a supplier payment's purchase invoices
 * (their links, read from the receipt or the payment), an expense report itself.
 */
async function settlementDocuments(s: Settlement): Promise<DocLink[]> {
  if (s.type === 'ColleagueRepayment') return [{ href: `#/expenses/${s.id}`, text: `${tl('report')} ${s.reference ?? `#${s.id}`}` }];
  if (s.type === 'CustomerReceipt') {
    const receipt = await get('/v1/receipts/{id}', { path: { id: s.id } });
    return (receipt.links ?? []).map((l) => {
      const d = receiptDocument(l);
      return { href: `#/${d.kind}/${d.id}`, text: `${tl(d.kind === 'credits' ? 'credit' : 'invoice')} ${l.number ?? `#${d.id}`}` };
    });
  }
  const payment = await get('/v1/supplierpayments/{id}', { path: { id: s.id } });
  return payment.links.map((l) => ({ href: `#/received/${l.id}`, text: `${tl('purchase')} #${l.id}` }));
}

const Links = ({ links }: { links: DocLink[] }) =>
  links.length ? (
    <>
      {links.map((l, i) => (
        <Fragment key={l.href}>
          {i > 0 && ', '}
          <a href={l.href}>{l.text}</a>
        </Fragment>
      ))}
    </>
  ) : (
    <span class="hint">{tl('noDocument')}</span>
  );

/** The kinds to show: every kind checked is a filter the API applies (`types`). */
function KindFilter<T extends string>(props: { kinds: readonly T[]; value: T[]; onValue: (kinds: T[]) => void }) {
  return (
    <fieldset class="plain kinds" data-testid="kinds">
      <legend>{tl('kinds')}</legend>
      {props.kinds.map((k) => (
        <div class="field checkbox" key={k}>
          <input
            id={`kind-${k}`}
            type="checkbox"
            checked={props.value.includes(k)}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              props.onValue(props.kinds.filter((x) => (x === k ? on : props.value.includes(x))));
            }}
          />
          <label for={`kind-${k}`}>{tl(k as Parameters<typeof tl>[0])}</label>
        </div>
      ))}
    </fieldset>
  );
}

/** A sum in cents per key, from signed amounts. */
function sumBy<T>(rows: T[], key: (row: T) => string, amount: (row: T) => number): Map<string, number> {
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(key(r), (sums.get(key(r)) ?? 0) + cents(amount(r)));
  return sums;
}

function TotalsList({ count, rows }: { count: number; rows: [string, number, string][] }) {
  return (
    <section class="totals" aria-labelledby="ledger-totals" data-testid="ledger-totals">
      <h2 id="ledger-totals">{tl('totals')}</h2>
      <p class="hint">{tl('totalsHelp', { n: count })}</p>
      <dl>
        {rows.map(([label, value, testId]) => (
          <Fragment key={testId}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{money(value / 100)}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}

export function LedgersPage({ view }: { view: 'commitments' | 'settlements' }) {
  const commitments = view === 'commitments';
  const [commitmentKinds, setCommitmentKinds] = useState<CommitmentType[]>([...COMMITMENT_TYPES]);
  const [settlementKinds, setSettlementKinds] = useState<SettlementType[]>([...SETTLEMENT_TYPES]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  // Bumped by "Effacer les dates": the date fields start again empty.
  const [cleared, setCleared] = useState(0);
  const kinds: string[] = commitments ? commitmentKinds : settlementKinds;
  const badRange = !!from && !!to && to < from;
  // No kind checked lists nothing (the API would read an absent `types` as all of them).
  const query = { From: from, To: to, types: kinds.join(',') };
  const active = kinds.length > 0 && !badRange;
  const empty = { items: [] as Row[], total: 0, pages: 0 };

  const list = useLoad(async () => {
    if (!active) return empty;
    if (commitments) {
      const p = await getPage('/v1/commitments', { query: { ...query, PageIndex: page, PageSize: PAGE_SIZE } });
      return { ...p, items: p.items.map((c): Row => ({ id: `${c.type}${c.id}`, entry: c, links: [commitmentDocument(c)] })) };
    }
    const p = await getPage('/v1/settlements', { query: { ...query, PageIndex: page, PageSize: PAGE_SIZE } });
    const links = await Promise.all(p.items.map(settlementDocuments));
    return { ...p, items: p.items.map((s, i): Row => ({ id: `${s.type}${s.id}`, entry: s, links: links[i] })) };
  }, [view, kinds.join(','), from, to, page]);

  const totals = useLoad(async () => {
    if (!active) return { count: 0, rows: [] };
    if (commitments) {
      const all = await getAll('/v1/commitments', { query });
      const by = sumBy(
        all,
        (c) => c.type,
        (c) => c.dueAmount,
      );
      const [customer, supplier, colleague] = COMMITMENT_TYPES.map((k) => by.get(k) ?? 0);
      const rows: [string, number, string][] = [
        ...(commitmentKinds.includes('Customer') ? [[tl('toReceive'), customer, 'total-Customer'] as [string, number, string]] : []),
        ...(commitmentKinds.includes('Supplier') ? [[tl('toPaySuppliers'), supplier, 'total-Supplier'] as [string, number, string]] : []),
        ...(commitmentKinds.includes('Colleague')
          ? [[tl('toPayColleagues'), colleague, 'total-Colleague'] as [string, number, string]]
          : []),
        [tl('net'), customer - supplier - colleague, 'total-net'],
      ];
      return { count: all.length, rows };
    }
    const all = await getAll('/v1/settlements', { query });
    const by = sumBy(
      all,
      (s) => (s.amount >= 0 ? 'in' : 'out'),
      (s) => s.amount,
    );
    const received = by.get('in') ?? 0;
    const paid = by.get('out') ?? 0;
    const rows: [string, number, string][] = [
      [tl('received'), received, 'total-in'],
      [tl('paidOut'), paid, 'total-out'],
      [tl('netCash'), received + paid, 'total-net'],
    ];
    return { count: all.length, rows };
  }, [view, kinds.join(','), from, to]);

  const today = todayIso();
  const third: Column<Row> = { label: tl('third'), cell: (r) => r.entry.thirdName ?? '' };
  const document: Column<Row> = { label: tl('document'), cell: (r) => <Links links={r.links} /> };
  const columns: Column<Row>[] = commitments
    ? [
        {
          label: tl('dueDate'),
          cell: (r) => {
            const c = r.entry as Commitment; // the commitments view lists CommitmentEntry rows
            return (
              <>
                {date(c.dueDate)}
                {c.dueDate < today && c.dueAmount > 0 && <span class="badge failed"> {tl('overdue')}</span>}
              </>
            );
          },
        },
        { label: tl('date'), cell: (r) => date(r.entry.date) },
        { label: tl('kind'), cell: (r) => tl(`one${r.entry.type}`) },
        third,
        document,
        { label: tl('amount'), cell: (r) => money(r.entry.amount), num: true },
        { label: tl('dueAmount'), cell: (r) => money((r.entry as Commitment).dueAmount), num: true },
      ]
    : [
        { label: tl('date'), cell: (r) => date(r.entry.date) },
        { label: tl('kind'), cell: (r) => tl(`one${r.entry.type}`) },
        third,
        {
          label: tl('method'),
          cell: (r) => {
            const method = (r.entry as Settlement).paymentMethod; // the settlements view lists SettlementEntry rows
            return method ? paymentMethodLabel(method) : '';
          },
        },
        { label: tl('reference'), cell: (r) => r.entry.reference ?? '' },
        document,
        { label: tl('amount'), cell: (r) => money(r.entry.amount), num: true },
      ];

  return (
    <>
      <h1 tabIndex={-1}>{tl('ledgers')}</h1>
      <Filters
        label={tl('view')}
        href={(v) => (v === 'commitments' ? '#/ledgers' : '#/ledgers/settlements')}
        value={view}
        options={[
          ['commitments', tl('commitments')],
          ['settlements', tl('settlements')],
        ]}
        onValue={(v) => {
          setPage(1);
          go(v === 'commitments' ? '/ledgers' : '/ledgers/settlements');
        }}
      />
      <p>{commitments ? tl('commitmentsHelp') : tl('settlementsHelp')}</p>
      <div class="grid-form ledger-filters">
        {commitments ? (
          <KindFilter
            kinds={COMMITMENT_TYPES}
            value={commitmentKinds}
            onValue={(k) => {
              setCommitmentKinds(k);
              setPage(1);
            }}
          />
        ) : (
          <KindFilter
            kinds={SETTLEMENT_TYPES}
            value={settlementKinds}
            onValue={(k) => {
              setSettlementKinds(k);
              setPage(1);
            }}
          />
        )}
        <DateField
          key={`from${cleared}`}
          label={commitments ? tl('fromDue') : tl('from')}
          value={from}
          onValue={(v) => {
            setFrom(v);
            setPage(1);
          }}
          onClear={() => {
            setFrom('');
            setPage(1);
          }}
        />
        <DateField
          key={`to${cleared}`}
          label={commitments ? tl('toDue') : tl('to')}
          value={to}
          onValue={(v) => {
            setTo(v);
            setPage(1);
          }}
          onClear={() => {
            setTo('');
            setPage(1);
          }}
          error={badRange ? tl('toBeforeFrom') : undefined}
        />
        {(from || to) && (
          <p>
            <button
              type="button"
              class="link"
              onClick={() => {
                setFrom('');
                setTo('');
                setCleared((n) => n + 1);
                setPage(1);
              }}
            >
              {tl('clear')}
            </button>
          </p>
        )}
      </div>
      <ListTable
        load={list}
        testId="ledger"
        caption={commitments ? tl('commitments') : tl('settlements')}
        empty={tl('none')}
        page={page}
        onPage={setPage}
        columns={columns}
      />
      {totals.loading ? (
        <Loading />
      ) : totals.error !== undefined ? (
        <ErrorBox error={totals.error} retry={totals.reload} />
      ) : (
        totals.data && <TotalsList {...totals.data} />
      )}
    </>
  );
}
