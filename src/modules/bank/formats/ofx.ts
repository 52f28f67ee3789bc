// OFX 1.x (SGML: `<TRNAMT>-12.50` without closing tags) and OFX 2.x (XML), as French banks export
// them. Read with a tag scanner, never with an XML parser: a DOCTYPE or entity declaration is
// refused outright. The charset of the OFX 1 header (1252 / ISO-8859-1 / UTF-8) decodes the bytes.
import {
  checkDate,
  cleanText,
  decodeWindows1252,
  MAX_ENTRIES,
  parseAmount,
  StatementError,
  type StatementAccount,
  type StatementEntry,
} from './entry.js';

export interface OfxResult {
  accounts: StatementAccount[];
  entries: StatementEntry[];
}

/** The text of an OFX file: its header's charset, or UTF-8 (bytes that are not UTF-8: refused). */
export function decodeOfx(bytes: Buffer): string {
  const head = bytes.subarray(0, 600).toString('latin1');
  const charset = /CHARSET:\s*([\w-]+)/i.exec(head)?.[1]?.toUpperCase() ?? null;
  const xmlEncoding = /<\?xml[^>]*encoding=["']([\w-]+)["']/i.exec(head)?.[1]?.toUpperCase() ?? null;
  const latin =
    (charset && /^(1252|ISO-?8859-?1|WINDOWS-1252|8859-1|LATIN1)$/.test(charset)) ||
    xmlEncoding === 'ISO-8859-1' ||
    xmlEncoding === 'WINDOWS-1252';
  if (latin) return decodeWindows1252(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new StatementError('the OFX file is not valid UTF-8 and its header declares no other charset (CHARSET:1252)');
  }
}

function field(block: string, name: string): string | null {
  const m = new RegExp(`<${name}>([^<\\r\\n]*)`, 'i').exec(block);
  return m ? m[1].trim() : null;
}

/** OFX dates: YYYYMMDD, optionally followed by a time and a zone ([+1:CET]). */
function ofxDate(raw: string | null, where: string): string {
  const m = raw ? /^(\d{4})(\d{2})(\d{2})/.exec(raw) : null;
  if (!m) throw new StatementError(`${where}: "${(raw ?? '').slice(0, 30)}" is not an OFX date (YYYYMMDD)`);
  return checkDate(`${m[1]}-${m[2]}-${m[3]}`, where);
}

export function readOfx(text: string): OfxResult {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new StatementError('the OFX declares a DOCTYPE or an entity: refused');
  if (!/<OFX>/i.test(text)) throw new StatementError('not an OFX file: no <OFX> element');
  if (!/<\/OFX>/i.test(text)) throw new StatementError('the OFX file is truncated: no </OFX>');
  const accounts: StatementAccount[] = [];
  const entries: StatementEntry[] = [];
  const statements = text.split(/<STMTRS>|<CCSTMTRS>/i).slice(1);
  if (!statements.length) throw new StatementError('no bank statement (<STMTRS>) in the OFX file');
  for (const statement of statements) {
    const from = /<BANKACCTFROM>([\s\S]*?)(<\/BANKACCTFROM>|<BANKTRANLIST>)/i.exec(statement)?.[1] ?? '';
    const bankId = field(from, 'BANKID');
    const branchId = field(from, 'BRANCHID');
    const acctId = field(from, 'ACCTID');
    accounts.push({
      iban: acctId && /^[A-Z]{2}\d{2}/.test(acctId) ? acctId.replace(/\s+/g, '').toUpperCase() : null,
      domesticNumber: acctId ? [bankId, branchId, acctId].filter(Boolean).join('').replace(/\s+/g, '').toUpperCase() : null,
      currency: field(statement, 'CURDEF')?.toUpperCase() ?? null,
    });
    const blocks = statement.split(/<STMTTRN>/i).slice(1);
    for (const raw of blocks) {
      const block = raw.split(/<\/STMTTRN>/i)[0];
      const where = `transaction ${entries.length + 1}`;
      if (entries.length >= MAX_ENTRIES) throw new StatementError(`more than ${MAX_ENTRIES} transactions in one file: split the statement`);
      const type = (field(block, 'TRNTYPE') ?? '').toUpperCase();
      const amountText = field(block, 'TRNAMT');
      if (amountText === null) throw new StatementError(`${where}: no TRNAMT`);
      const amount = parseAmount(amountText, where, /,\d{1,2}$/.test(amountText) ? ',' : '.');
      if ((type === 'CREDIT' && amount.lt(0)) || (type === 'DEBIT' && amount.gt(0))) {
        throw new StatementError(`${where}: TRNTYPE ${type} with the amount ${amountText}: the sign contradicts the type`);
      }
      const name = cleanText(field(block, 'NAME'));
      const memo = cleanText(field(block, 'MEMO'));
      entries.push({
        date: ofxDate(field(block, 'DTPOSTED'), where),
        valueDate: field(block, 'DTUSER') ? ofxDate(field(block, 'DTUSER'), where) : null,
        amount,
        label: cleanText([name, memo && memo !== name ? memo : null].filter(Boolean).join(' ')) ?? '(sans libellé)',
        reference: cleanText(field(block, 'CHECKNUM') ?? field(block, 'REFNUM'), 200),
        counterpartyName: null,
        counterpartyIban: null,
        bankReference: cleanText(field(block, 'FITID'), 200),
      });
    }
  }
  return { accounts, entries };
}
