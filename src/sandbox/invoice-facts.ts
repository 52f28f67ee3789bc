// What the sandbox platform reads of a submitted CII invoice to route it and to speak of it in its
// statuses: number (BT-1), type (BT-3), date (BT-2), seller and buyer SIREN and names, the buyer's
// electronic address (BT-49). Untrusted input: the XXE-safe parser only; null when unreadable.
import { NS, parseXml, xpathFor } from '../einvoicing/xml.js';

export interface InvoiceFacts {
  number: string;
  typeCode: string;
  issueDate: string;
  seller: { siren: string; name: string };
  buyer: { siren: string | null; name: string; address: string | null };
}

function sirenOf(legalId: string | null, siret: string | null, vat: string | null): string | null {
  if (legalId && /^\d{9}$/.test(legalId)) return legalId;
  if (siret && /^\d{14}$/.test(siret)) return siret.slice(0, 9);
  if (vat && /^FR[0-9A-Z]{2}\d{9}$/.test(vat)) return vat.slice(4);
  return null;
}

export function readInvoiceFacts(xml: string): InvoiceFacts | null {
  try {
    const doc = parseXml(xml.replace(/^\uFEFF/, ''));
    if (doc.documentElement.namespaceURI !== NS.rsm || doc.documentElement.localName !== 'CrossIndustryInvoice') return null;
    const x = xpathFor(doc);
    const s = (path: string) => x.str(path) || null;
    const party = (role: 'SellerTradeParty' | 'BuyerTradeParty') => {
      const base = `/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:${role}`;
      return {
        name: s(`${base}/ram:Name`) ?? '',
        siren: sirenOf(
          s(`${base}/ram:SpecifiedLegalOrganization/ram:ID`),
          s(`${base}/ram:GlobalID[@schemeID='0009']`),
          s(`${base}/ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA']`),
        ),
        address: s(`${base}/ram:URIUniversalCommunication/ram:URIID`),
      };
    };
    const number = s('/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID');
    const typeCode = s('/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:TypeCode');
    const date = s('/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:IssueDateTime/udt:DateTimeString');
    const seller = party('SellerTradeParty');
    const buyer = party('BuyerTradeParty');
    if (!number || !typeCode || !date || !/^\d{8}$/.test(date) || !seller.siren) return null;
    return {
      number,
      typeCode,
      issueDate: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`,
      seller: { siren: seller.siren, name: seller.name },
      buyer: { siren: buyer.siren, name: buyer.name, address: buyer.address },
    };
  } catch {
    return null;
  }
}
