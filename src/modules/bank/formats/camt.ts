// CAMT.053 (ISO 20022 bank-to-customer statement), read as a stream with saxes: only the entry being
// read is held as XML text, whatever the file's size. A DOCTYPE (hence any entity declaration: XXE,
// billion laughs) is refused as for purchase uploads, an encoding other than UTF-8 is refused, bytes
// that are not UTF-8 are refused by the decoder, and a truncated document fails at its end.
import type Big from 'big.js';
import { SaxesParser } from 'saxes';
import { checkDate, cleanText, MAX_ENTRIES, parseAmount, StatementError, type StatementAccount, type StatementEntry } from './entry.js';

interface Draft {
  amount: string | null;
  currency: string | null;
  indicator: string | null;
  status: string | null;
  bookingDate: string | null;
  valueDate: string | null;
  acctSvcrRef: string | null;
  ntryRef: string | null;
  endToEndId: string | null;
  ustrd: string[];
  addtlInf: string | null;
  debtorName: string | null;
  creditorName: string | null;
  debtorIban: string | null;
  creditorIban: string | null;
  line: number;
}

const emptyDraft = (line: number): Draft => ({
  amount: null,
  currency: null,
  indicator: null,
  status: null,
  bookingDate: null,
  valueDate: null,
  acctSvcrRef: null,
  ntryRef: null,
  endToEndId: null,
  ustrd: [],
  addtlInf: null,
  debtorName: null,
  creditorName: null,
  debtorIban: null,
  creditorIban: null,
  line,
});

export interface CamtResult {
  accounts: StatementAccount[];
  entries: StatementEntry[];
  /** Entries not booked (status PDNG, INFO): not imported. */
  pending: number;
}

/** A streaming CAMT.053 reader: `write` the decoded text in chunks, then `close`. */
export class CamtReader {
  private readonly parser = new SaxesParser({ xmlns: false, position: true });
  private readonly path: string[] = [];
  private text = '';
  private draft: Draft | null = null;
  private account: StatementAccount | null = null;
  private sawRoot = false;
  private sawStatement = false;
  private pending = 0;
  private booked = 0;
  private amountAttr: string | null = null;
  readonly accounts: StatementAccount[] = [];
  /** Entries read and not yet taken (`take`): a caller that takes them after each chunk holds only a chunk's worth. */
  readonly entries: StatementEntry[] = [];

  /** The entries read since the last call. */
  take(): StatementEntry[] {
    return this.entries.splice(0);
  }

  constructor() {
    const p = this.parser;
    p.on('doctype', () => {
      throw new StatementError('the XML declares a DOCTYPE: refused (entities and external references are never read)');
    });
    p.on('xmldecl', (decl) => {
      if (decl.encoding && !/^utf-?8$/i.test(decl.encoding)) {
        throw new StatementError(`the XML is declared in ${decl.encoding.slice(0, 40)}: only UTF-8 is read`);
      }
    });
    p.on('opentag', (tag) => {
      const name = localName(tag.name);
      if (!this.sawRoot) {
        if (name !== 'Document') throw new StatementError(`the root element is ${name.slice(0, 40)}, not a CAMT.053 Document`);
        this.sawRoot = true;
      }
      this.path.push(name);
      if (this.path.length > 64) throw new StatementError('the XML nests more than 64 elements deep');
      this.text = '';
      if (name === 'BkToCstmrStmt') this.sawStatement = true;
      if (name === 'Stmt' || name === 'Rpt') {
        this.account = { iban: null, domesticNumber: null, currency: null };
        this.accounts.push(this.account);
      }
      if (name === 'Ntry' && this.parentIs('Stmt')) this.draft = emptyDraft(p.line);
      if (name === 'Amt') {
        const ccy = tag.attributes['Ccy'];
        this.amountAttr = typeof ccy === 'string' ? ccy : null;
      }
    });
    p.on('text', (t) => {
      if (this.text.length < 4000) this.text += t;
    });
    p.on('cdata', (t) => {
      if (this.text.length < 4000) this.text += t;
    });
    p.on('closetag', () => {
      this.close1();
    });
  }

  private parentIs(name: string): boolean {
    return this.path[this.path.length - 2] === name;
  }

  /** The path below the current entry (Ntry excluded), e.g. "NtryDtls/TxDtls/RmtInf/Ustrd". */
  private within(): string | null {
    const i = this.path.lastIndexOf('Ntry');
    return i < 0 ? null : this.path.slice(i + 1).join('/');
  }

  private close1(): void {
    const name = this.path[this.path.length - 1];
    const value = this.text.trim();
    this.text = '';
    const d = this.draft;
    if (d) {
      const at = this.within() ?? '';
      if (at === 'Amt') {
        d.amount = value;
        d.currency = this.amountAttr;
      } else if (at === 'CdtDbtInd') d.indicator = value;
      else if (at === 'Sts' || at === 'Sts/Cd') d.status = value;
      else if (at === 'BookgDt/Dt' || at === 'BookgDt/DtTm') d.bookingDate = value.slice(0, 10);
      else if (at === 'ValDt/Dt' || at === 'ValDt/DtTm') d.valueDate = value.slice(0, 10);
      else if (at === 'AcctSvcrRef') d.acctSvcrRef = value;
      else if (at === 'NtryRef') d.ntryRef = value;
      else if (at === 'AddtlNtryInf') d.addtlInf = value;
      else if (at.endsWith('Refs/EndToEndId') && !d.endToEndId && value !== 'NOTPROVIDED') d.endToEndId = value;
      else if (at.endsWith('RmtInf/Ustrd') && d.ustrd.length < 5) d.ustrd.push(value);
      else if (/RltdPties\/Dbtr\/(Pty\/)?Nm$/.test(at) && !d.debtorName) d.debtorName = value;
      else if (/RltdPties\/Cdtr\/(Pty\/)?Nm$/.test(at) && !d.creditorName) d.creditorName = value;
      else if (at.endsWith('RltdPties/DbtrAcct/Id/IBAN') && !d.debtorIban) d.debtorIban = value;
      else if (at.endsWith('RltdPties/CdtrAcct/Id/IBAN') && !d.creditorIban) d.creditorIban = value;
      if (name === 'Ntry' && at === '') {
        this.finish(d);
        this.draft = null;
      }
    } else if (this.account) {
      const tail = this.path.slice(-4).join('/');
      if (tail.endsWith('Stmt/Acct/Id/IBAN') || tail.endsWith('Rpt/Acct/Id/IBAN'))
        this.account.iban = value.replace(/\s+/g, '').toUpperCase();
      else if (tail.endsWith('Acct/Id/Othr/Id') && !this.account.iban) this.account.domesticNumber = value.replace(/\s+/g, '');
      else if (this.path.slice(-3).join('/').endsWith('Stmt/Acct/Ccy')) this.account.currency = value.toUpperCase();
    }
    this.path.pop();
  }

  private finish(d: Draft): void {
    const where = `entry ${this.booked + this.pending + 1} (line ${d.line})`;
    const status = (d.status ?? 'BOOK').toUpperCase();
    if (status !== 'BOOK') {
      this.pending++;
      return;
    }
    if (d.amount === null) throw new StatementError(`${where}: no Amt`);
    if (d.amount.trim().startsWith('-')) {
      throw new StatementError(
        `${where}: the amount ${d.amount.slice(0, 40)} is negative; CAMT amounts are unsigned, CdtDbtInd gives the direction`,
      );
    }
    const magnitude: Big = parseAmount(d.amount, where);
    if (d.indicator !== 'CRDT' && d.indicator !== 'DBIT') {
      throw new StatementError(`${where}: CdtDbtInd is "${(d.indicator ?? '').slice(0, 10)}", not CRDT or DBIT`);
    }
    if (!d.bookingDate) throw new StatementError(`${where}: no BookgDt`);
    const date = checkDate(d.bookingDate, where);
    const valueDate = d.valueDate ? checkDate(d.valueDate, where) : null;
    const credit = d.indicator === 'CRDT';
    if (this.booked >= MAX_ENTRIES) throw new StatementError(`more than ${MAX_ENTRIES} entries in one file: split the statement`);
    this.booked++;
    const label =
      cleanText(d.ustrd.join(' ')) ?? cleanText(d.addtlInf) ?? cleanText(credit ? d.debtorName : d.creditorName) ?? '(sans libellé)';
    this.entries.push({
      date,
      valueDate,
      amount: credit ? magnitude : magnitude.times(-1),
      label,
      reference: cleanText(d.endToEndId ?? d.ntryRef, 200),
      counterpartyName: cleanText(credit ? d.debtorName : d.creditorName, 200),
      counterpartyIban: cleanText(credit ? d.debtorIban : d.creditorIban, 40),
      bankReference: cleanText(d.acctSvcrRef, 200),
    });
    if (d.currency && this.account && !this.account.currency) this.account.currency = d.currency.toUpperCase();
    if (d.currency && this.account?.currency && d.currency.toUpperCase() !== this.account.currency) {
      throw new StatementError(`${where}: amount in ${d.currency.slice(0, 3)} in a statement in ${this.account.currency}`);
    }
  }

  write(chunk: string): void {
    try {
      this.parser.write(chunk);
    } catch (err) {
      throw asStatementError(err);
    }
  }

  close(): CamtResult {
    try {
      this.parser.close();
    } catch (err) {
      throw asStatementError(err);
    }
    if (!this.sawRoot || !this.sawStatement) throw new StatementError('not a CAMT.053 statement: no Document/BkToCstmrStmt');
    return { accounts: this.accounts, entries: this.entries, pending: this.pending };
  }
}

function localName(qname: string): string {
  const i = qname.indexOf(':');
  return i < 0 ? qname : qname.slice(i + 1);
}

function asStatementError(err: unknown): StatementError {
  if (err instanceof StatementError) return err;
  const message = err instanceof Error ? err.message : String(err);
  // saxes: "1:23: unclosed tag: Ntry" and the like; said as malformed XML.
  return new StatementError(`malformed XML: ${message.split('\n')[0].slice(0, 200)}`);
}
