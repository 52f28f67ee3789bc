// CSV import of customers and products (issue #31): the file is read in the browser (csv.ts), the
// columns mapped to the API's fields (guessed from the headers, changeable), each row previewed with
// what is wrong with it, then every good row created by the same POST /v1/customers or /v1/products
// an integrator calls, one after the other. A row the API refuses is named by its line in the
// spreadsheet with the API's message, in French; the other rows are imported all the same.
import { useState } from 'preact/hooks';
import { ApiError, call, type BodyOf } from '../api';
import { normalizeHeader, parseAmount, parseCsv, type CsvTable } from '../csv';
import { dictionary } from '../dict';
import { localMessage } from '../messages';
import { messageOf } from '../ui';
import '../tools.css';

export const tc = dictionary(
  {
    importCustomers: 'Importer des clients (CSV)',
    importProducts: 'Importer des produits (CSV)',
    importHelp:
      'Enregistrez votre tableur au format CSV (séparateur « ; » ou « , », décimales avec une virgule ou un point, UTF-8). La première ligne donne le nom des colonnes.',
    file: 'Fichier CSV',
    columns: 'Correspondance des colonnes',
    ignore: '— ne pas importer —',
    preview: 'Aperçu',
    line: 'Ligne',
    problems: 'Problèmes',
    ready: 'Prête',
    rowsSummary: 'Lignes lues : {rows} ; prêtes : {good} ; avec une erreur : {bad} (séparateur « {delimiter} »).',
    importRows: 'Importer les lignes prêtes ({n})',
    importing: 'Import en cours : {done} / {n}…',
    imported: 'Lignes importées : {n}.',
    refused: 'Lignes non importées : {n}.',
    lineError: 'Ligne {line} : {message}',
    emptyFile: 'Le fichier ne contient aucune ligne après celle des noms de colonnes.',
    required: '{field} : obligatoire.',
    notAmount: '{field} : « {value} » n’est pas un montant.',
    notRate: '{field} : « {value} » n’est pas un taux de TVA.',
    badType: '{field} : « {value} » n’est ni un produit ni un service.',
    needName: 'Il faut une raison sociale ou un nom.',
    companyName: 'Raison sociale',
    firstName: 'Prénom',
    lastName: 'Nom',
    email: 'E-mail',
    phone: 'Téléphone',
    siret: 'SIRET',
    vatNumber: 'N° de TVA',
    street: 'Adresse',
    zipcode: 'Code postal',
    city: 'Ville',
    countryIso: 'Pays (code)',
    number: 'Référence',
    name: 'Désignation',
    type: 'Type (produit ou service)',
    unitPrice: 'Prix unitaire HT',
    vatRate: 'Taux de TVA',
    description: 'Description',
    unit: 'Unité (code)',
    openList: 'Voir la liste',
  },
  {
    importCustomers: 'Import customers (CSV)',
    importProducts: 'Import products (CSV)',
    importHelp: 'Save your spreadsheet as CSV (“;” or “,” separator, decimal comma or point, UTF-8). The first line names the columns.',
    file: 'CSV file',
    columns: 'Column mapping',
    ignore: '— do not import —',
    preview: 'Preview',
    line: 'Line',
    problems: 'Problems',
    ready: 'Ready',
    rowsSummary: 'Lines read: {rows}; ready: {good}; with an error: {bad} (separator “{delimiter}”).',
    importRows: 'Import the ready lines ({n})',
    importing: 'Importing: {done} / {n}…',
    imported: 'Lines imported: {n}.',
    refused: 'Lines not imported: {n}.',
    lineError: 'Line {line}: {message}',
    emptyFile: 'The file has no line after the column names.',
    required: '{field}: required.',
    notAmount: '{field}: “{value}” is not an amount.',
    notRate: '{field}: “{value}” is not a VAT rate.',
    badType: '{field}: “{value}” is neither a product nor a service.',
    needName: 'A company name or a name is needed.',
    companyName: 'Company name',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'E-mail',
    phone: 'Phone',
    siret: 'SIRET',
    vatNumber: 'VAT number',
    street: 'Address',
    zipcode: 'Postcode',
    city: 'City',
    countryIso: 'Country (code)',
    number: 'Reference',
    name: 'Name',
    type: 'Type (product or service)',
    unitPrice: 'Unit price excl. VAT',
    vatRate: 'VAT rate',
    description: 'Description',
    unit: 'Unit (code)',
    openList: 'See the list',
  },
);

type Target = 'customers' | 'products';
type FieldKey = Parameters<typeof tc>[0];

/** The API fields a column may fill, with the headers (compared loosely) that name them. */
const FIELDS: Record<Target, { key: FieldKey; aliases: string[] }[]> = {
  customers: [
    { key: 'companyName', aliases: ['raisonsociale', 'societe', 'entreprise', 'company', 'companyname', 'client', 'denomination'] },
    { key: 'firstName', aliases: ['prenom', 'firstname'] },
    { key: 'lastName', aliases: ['nom', 'lastname', 'nomdefamille'] },
    { key: 'email', aliases: ['email', 'mail', 'courriel', 'adresseemail', 'adressemail'] },
    { key: 'phone', aliases: ['telephone', 'tel', 'phone'] },
    { key: 'siret', aliases: ['siret', 'siren'] },
    { key: 'vatNumber', aliases: ['tva', 'numerotva', 'ntva', 'notva', 'tvaintracommunautaire', 'vatnumber', 'vat'] },
    { key: 'street', aliases: ['adresse', 'rue', 'street', 'address'] },
    { key: 'zipcode', aliases: ['codepostal', 'cp', 'zipcode', 'zip', 'postcode'] },
    { key: 'city', aliases: ['ville', 'city', 'commune'] },
    { key: 'countryIso', aliases: ['pays', 'country', 'countryiso', 'codepays'] },
    { key: 'number', aliases: ['reference', 'ref', 'numero', 'number', 'codeclient'] },
  ],
  products: [
    { key: 'name', aliases: ['designation', 'nom', 'libelle', 'name', 'produit', 'article'] },
    { key: 'number', aliases: ['reference', 'ref', 'number', 'code', 'codearticle'] },
    { key: 'type', aliases: ['type', 'nature'] },
    { key: 'unitPrice', aliases: ['prixunitaireht', 'prixht', 'prix', 'prixunitaire', 'unitprice', 'price', 'tarif'] },
    { key: 'vatRate', aliases: ['tauxdetva', 'tauxtva', 'tva', 'vat', 'vatrate'] },
    { key: 'description', aliases: ['description', 'details'] },
    { key: 'unit', aliases: ['unite', 'unit', 'codeunite'] },
  ],
};

/** Column index per field, guessed from the headers. */
export function guessMapping(target: Target, header: string[]): Partial<Record<FieldKey, number>> {
  const mapping: Partial<Record<FieldKey, number>> = {};
  const used = new Set<number>();
  for (const { key, aliases } of FIELDS[target]) {
    const at = header.findIndex((h, i) => !used.has(i) && aliases.includes(normalizeHeader(h)));
    if (at >= 0) {
      mapping[key] = at;
      used.add(at);
    }
  }
  return mapping;
}

const COUNTRIES: Record<string, string> = {
  france: 'FR',
  belgique: 'BE',
  suisse: 'CH',
  luxembourg: 'LU',
  allemagne: 'DE',
  espagne: 'ES',
  italie: 'IT',
};

/** A row as the body of POST /v1/customers or POST /v1/products (null when it is not sent). */
type Prepared = {
  line: number;
  cells: string[];
  problems: string[];
} & (
  | { target: 'customers'; body: BodyOf<'/v1/customers', 'POST'> | null }
  | { target: 'products'; body: BodyOf<'/v1/products', 'POST'> | null }
);

/** One row as the API body it becomes, or what keeps it from being sent. */
export function prepareRow(target: Target, mapping: Partial<Record<FieldKey, number>>, line: number, cells: string[]): Prepared {
  const v = (key: FieldKey) => {
    const at = mapping[key];
    return at === undefined ? '' : (cells[at] ?? '').trim();
  };
  const n = (key: FieldKey) => v(key) || null;
  const problems: string[] = [];
  if (target === 'customers') {
    if (!v('companyName') && !v('lastName')) problems.push(tc('needName'));
    const country = v('countryIso');
    const body: BodyOf<'/v1/customers', 'POST'> = {
      type: v('companyName') ? 'Business' : 'Consumer',
      companyName: n('companyName'),
      firstName: n('firstName'),
      lastName: n('lastName'),
      email: n('email'),
      phone: n('phone'),
      number: n('number'),
      companyInformations: { siret: v('siret').replace(/\s/g, '') || null, vatNumber: v('vatNumber').replace(/\s/g, '') || null },
      billingAddress: {
        street: n('street'),
        zipcode: n('zipcode'),
        city: n('city'),
        countryIso: country ? (COUNTRIES[normalizeHeader(country)] ?? country.toUpperCase()) : 'FR',
      },
    };
    return { target, line, cells, body: problems.length ? null : body, problems };
  } else {
    if (!v('name')) problems.push(tc('required', { field: tc('name') }));
    const price = parseAmount(v('unitPrice'));
    if (Number.isNaN(price)) problems.push(tc('notAmount', { field: tc('unitPrice'), value: v('unitPrice') }));
    const rate = parseAmount(v('vatRate').replace('%', ''));
    if (Number.isNaN(rate)) problems.push(tc('notRate', { field: tc('vatRate'), value: v('vatRate') }));
    const kind = normalizeHeader(v('type'));
    let type: 'Service' | 'Product' | null = 'Service';
    if (['produit', 'product', 'marchandise', 'bien', 'vente'].includes(kind)) type = 'Product';
    else if (kind && !['service', 'prestation', 'prestationdeservice'].includes(kind)) {
      type = null;
      problems.push(tc('badType', { field: tc('type'), value: v('type') }));
    }
    const body: BodyOf<'/v1/products', 'POST'> = {
      name: n('name'),
      number: n('number'),
      type,
      unitPrice: price ?? 0,
      vat: { rate: rate ?? 20 },
      description: n('description'),
      unit: v('unit') ? { code: v('unit') } : null,
    };
    return { target: 'products', line, cells, body: problems.length ? null : body, problems };
  }
}

/** The API's field ("companyInformations.siret") by the column's name ("SIRET") when it is one of ours. */
function fieldLabel(field: string): string {
  const last = field.split('.').pop() ?? field;
  const known = [...FIELDS.customers, ...FIELDS.products].find((f) => f.key.toLowerCase() === last.toLowerCase());
  return known ? tc(known.key) : field;
}

/** An API refusal as one French sentence: the field messages translated, else the message. */
function refusal(error: unknown): string {
  if (error instanceof ApiError && Object.keys(error.fields).length)
    return Object.entries(error.fields)
      .map(([field, messages]) => `${fieldLabel(field)} : ${messages.map(localMessage).join(' ')}`)
      .join(' ; ');
  return error instanceof ApiError ? localMessage(error.message) : messageOf(error);
}

export function CsvImportPage({ target }: { target: Target }) {
  const [table, setTable] = useState<CsvTable | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Partial<Record<FieldKey, number>>>({});
  const [progress, setProgress] = useState<{ done: number; n: number } | null>(null);
  const [result, setResult] = useState<{ imported: number; refused: { line: number; message: string }[] } | null>(null);
  const title = target === 'customers' ? tc('importCustomers') : tc('importProducts');

  const read = async (file: File | undefined) => {
    setResult(null);
    setFileError(null);
    setTable(null);
    if (!file) return;
    const parsed = parseCsv(await file.text());
    if (!parsed.rows.length) {
      setFileError(tc('emptyFile'));
      return;
    }
    setTable(parsed);
    setMapping(guessMapping(target, parsed.header));
  };

  const prepared = table ? table.rows.map((r) => prepareRow(target, mapping, r.line, r.cells)) : [];
  const good = prepared.filter((p) => p.body);

  const run = async () => {
    const refused = prepared.filter((p) => !p.body).map((p) => ({ line: p.line, message: p.problems.join(' ') }));
    let imported = 0;
    setProgress({ done: 0, n: good.length });
    for (const [i, p] of good.entries()) {
      try {
        if (p.target === 'customers') await call('POST', '/v1/customers', { body: p.body! });
        else await call('POST', '/v1/products', { body: p.body! });
        imported++;
      } catch (err) {
        refused.push({ line: p.line, message: refusal(err) });
      }
      setProgress({ done: i + 1, n: good.length });
    }
    refused.sort((a, b) => a.line - b.line);
    setProgress(null);
    setResult({ imported, refused });
    setTable(null);
  };

  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{title}</h1>
        <a class="button" href={`#/${target}`}>
          {tc('openList')}
        </a>
      </div>
      <p>{tc('importHelp')}</p>
      <div class="field">
        <label for="csv-file">{tc('file')}</label>
        <input id="csv-file" type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void read(e.currentTarget.files?.[0])} />
      </div>
      {fileError && (
        <p class="error" role="alert">
          {fileError}
        </p>
      )}
      {result && (
        <div data-testid="import-result" role="status">
          <p class="notice">{tc('imported', { n: result.imported })}</p>
          {result.refused.length > 0 && (
            <div class="error">
              <p>{tc('refused', { n: result.refused.length })}</p>
              <ul>
                {result.refused.map((r) => (
                  <li key={r.line}>{tc('lineError', { line: r.line, message: r.message })}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      {table && (
        <>
          <fieldset class="mapping">
            <legend>{tc('columns')}</legend>
            <div class="grid-form">
              {FIELDS[target].map(({ key }) => (
                <div class="field" key={key}>
                  <label for={`map-${key}`}>{tc(key)}</label>
                  <select
                    id={`map-${key}`}
                    value={mapping[key] === undefined ? '' : String(mapping[key])}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setMapping((m) => ({ ...m, [key]: value === '' ? undefined : Number(value) }));
                    }}
                  >
                    <option value="">{tc('ignore')}</option>
                    {table.header.map((h, i) => (
                      <option key={i} value={String(i)}>
                        {h || `#${i + 1}`}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            </div>
          </fieldset>
          <h2>{tc('preview')}</h2>
          <p role="status">
            {tc('rowsSummary', {
              rows: prepared.length,
              good: good.length,
              bad: prepared.length - good.length,
              delimiter: table.delimiter === '\t' ? 'tab' : table.delimiter,
            })}
          </p>
          <div class="table-wrap">
            <table data-testid="import-preview">
              <caption class="visually-hidden">{tc('preview')}</caption>
              <thead>
                <tr>
                  <th scope="col">{tc('line')}</th>
                  {table.header.map((h, i) => (
                    <th scope="col" key={i}>
                      {h}
                    </th>
                  ))}
                  <th scope="col">{tc('problems')}</th>
                </tr>
              </thead>
              <tbody>
                {prepared.map((p) => (
                  <tr key={p.line} class={p.problems.length ? 'row-invalid' : undefined}>
                    <td data-label={tc('line')}>{p.line}</td>
                    {table.header.map((h, i) => (
                      <td key={i} data-label={h}>
                        {p.cells[i]}
                      </td>
                    ))}
                    <td data-label={tc('problems')}>{p.problems.length ? p.problems.join(' ') : tc('ready')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div class="actions">
            <button type="button" class="primary" disabled={progress !== null || good.length === 0} onClick={() => void run()}>
              {tc('importRows', { n: good.length })}
            </button>
          </div>
          {progress && <p role="status">{tc('importing', progress)}</p>}
        </>
      )}
    </>
  );
}
