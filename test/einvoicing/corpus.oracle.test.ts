// The proof of issue #11 on the writer's side: a corpus of 300+ varied documents made through the
// API (test/helpers/einvoicing-corpus.ts) is judged by the official rules (../shared/einvoicing-oracle:
// CEN EN 16931 CII schematron 1.3.16 and FNFE-MPE BR-FR 1.4.0.03, unchanged). Every finalized
// document passes EN 16931, and BR-FR too when its buyer is domestic B2B; every refused one was
// refused for a reason the official rules confirm. Skipped, saying so, where the oracle is absent.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../helpers/harness.js';
import { ORACLE_DIR, oracleMissing } from '../helpers/referees.js';
import { generateCorpus, type CorpusDocument } from '../helpers/einvoicing-corpus.js';

const available = !oracleMissing('corpus.oracle.test.ts');

interface OracleIssue {
  id: string;
  text: string;
}
interface OracleResult {
  en16931: { valid: boolean; errors: OracleIssue[] };
  brfr: { valid: boolean; errors: OracleIssue[] } | null;
}
interface Oracle {
  validate(xml: string): Promise<OracleResult>;
}

async function loadOracle(): Promise<Oracle> {
  const mod = (await import(pathToFileURL(path.join(ORACLE_DIR, 'lib/oracle.mjs')).href)) as {
    prepare(): void;
    loadRules(): unknown;
    validateBytes(bytes: Uint8Array, rules: unknown, options?: { fr?: boolean }): Promise<OracleResult>;
  };
  mod.prepare();
  const rules = mod.loadRules();
  return { validate: (xml) => mod.validateBytes(new TextEncoder().encode(xml), rules) };
}

const ids = (issues: OracleIssue[]) => [...new Set(issues.map((i) => i.id))].sort();

describeEachDb('every finalized document of the corpus passes the official rules', (ctx) => {
  let oracle: Oracle;
  let corpus: CorpusDocument[];
  const verdicts = new Map<string, OracleResult>();

  beforeAll(async () => {
    if (!available) return;
    oracle = await loadOracle();
    // PostgreSQL proves the same pipeline on a smaller corpus: the documents do not depend on the database.
    corpus = await generateCorpus(ctx, { size: ctx.dialect === 'sqlite' ? 320 : 90 });
    for (const doc of corpus) if (doc.xml) verdicts.set(doc.name, await oracle.validate(doc.xml));
    const finalized = corpus.filter((d) => d.finalized);
    const failing = finalized.filter((d) => {
      const v = verdicts.get(d.name)!;
      return !v.en16931.valid || (d.domesticB2B && !v.brfr?.valid);
    });
    console.info(
      `e-invoicing corpus [${ctx.dialect}]: ${corpus.length} documents, ${finalized.length} finalized ` +
        `(${finalized.filter((d) => d.domesticB2B).length} domestic B2B), ${corpus.length - finalized.length} refused; ` +
        `oracle failures among finalized: ${failing.length}`,
    );
  }, 1_800_000);

  it.skipIf(!available)('is large and varied: every VAT category, credit notes and cancellations, both verdicts', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(ctx.dialect === 'sqlite' ? 300 : 90);
    const finalizedXml = corpus.filter((d) => d.finalized).map((d) => d.xml!);
    for (const category of ['S', 'Z', 'E', 'AE', 'K', 'G', 'O']) {
      expect(
        finalizedXml.some((x) => x.includes(`<ram:CategoryCode>${category}</ram:CategoryCode>`)),
        `a finalized document of category ${category}`,
      ).toBe(true);
    }
    expect(corpus.some((d) => d.finalized && d.kind === 'Credit' && d.name.endsWith('/cancellation'))).toBe(true);
    expect(corpus.some((d) => d.finalized && d.kind === 'Credit' && !d.name.endsWith('/cancellation'))).toBe(true);
    expect(corpus.some((d) => !d.finalized)).toBe(true);
    expect(corpus.some((d) => d.finalized && d.domesticB2B)).toBe(true);
    expect(corpus.some((d) => d.finalized && !d.domesticB2B)).toBe(true);
  });

  it.skipIf(!available)('finalizes exactly the documents meant to be finalized', () => {
    const unexpected = corpus
      .filter((d) => d.finalized !== (d.intent === 'finalize'))
      .map((d) => `${d.name}: ${d.finalized ? 'finalized' : `refused (${d.refusal?.detail})`}, meant to ${d.intent}`);
    expect(unexpected, unexpected.join('\n')).toEqual([]);
  });

  it.skipIf(!available)('every finalized document passes EN 16931, and BR-FR when the buyer is domestic B2B', () => {
    const failures = corpus
      .filter((d) => d.finalized)
      .flatMap((d) => {
        const v = verdicts.get(d.name)!;
        const en = ids(v.en16931.errors);
        const fr = d.domesticB2B ? ids(v.brfr?.errors ?? []) : [];
        return en.length || fr.length ? [`${d.name}: EN 16931 ${en.join(' ')} | BR-FR ${fr.join(' ')}`] : [];
      });
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it.skipIf(!available)('every refused document was refused with a 400 naming rules the official rules confirm', () => {
    const wrong = corpus
      .filter((d) => !d.finalized)
      .flatMap((d) => {
        const problems: string[] = [];
        if (d.status !== 400) problems.push(`answered ${d.status}`);
        const v = d.xml ? verdicts.get(d.name) : undefined;
        const officialEn = v ? ids(v.en16931.errors) : [];
        const officialFr = v && d.domesticB2B ? ids(v.brfr?.errors ?? []) : [];
        if (!officialEn.length && !officialFr.length) problems.push('the official rules find nothing wrong with it');
        // A gate refusal lists rule ids (the errors' keys), each of a family the oracle also reports.
        const named = Object.keys(d.refusal?.errors ?? {}).filter((k) => /^BR-/.test(k));
        const family = (id: string) => id.replace(/_.*$/, '');
        const official = new Set([...officialEn, ...officialFr].map(family));
        for (const rule of named) if (!official.has(family(rule))) problems.push(`names ${rule}, which the official rules do not report`);
        if (!named.length && !/BR-FR-CO-05/.test(d.refusal?.detail ?? '')) problems.push(`names no rule: ${d.refusal?.detail}`);
        return problems.length ? [`${d.name}: ${problems.join('; ')}`] : [];
      });
    expect(wrong, wrong.join('\n')).toEqual([]);
  });
});
