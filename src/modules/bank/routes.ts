// /v1/bankaccounts (CRUD, statement imports) and /v1/banktransactions (list, get, matching): our
// extension. /v1/bankaccounts/providers belongs to the reference module (a static path, so it
// never reaches /v1/bankaccounts/{id}).
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ValidationError } from '../../errors.js';
import { IfMatchHeaders, ifMatchOf, withETag } from '../../http/etag.js';
import { checkFileName } from '../../http/input-guard.js';
import type { TypedApp } from '../../http/module.js';
import { pageOf, PagingQuery, parseOrderBy, setPagingHeaders } from '../../http/paging.js';
import { ensureSchema, IdParams, Int32, NoBody, Str } from '../../http/schemas.js';
import { DATE_FORMATS, ENCODINGS } from './formats/csv.js';
import type { TransactionSortColumn } from './repo.js';
import {
  BankAccount,
  BankAccountInput,
  BankStatementImport,
  BankTransaction,
  BankTransactionInput,
  MatchInput,
  MatchSuggestion,
} from './schemas.js';
import * as bank from './service.js';
import { importStatement, MAX_CAMT_BYTES, type StatementUpload } from './statements.js';

const problem = { $ref: 'ProblemDetails#' };
const error = { $ref: 'Error#' };
const StringEnum = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });
const ORDER_BY: Record<string, TransactionSortColumn> = { id: 'id', date: 'date', amount: 'amount' };
const DEFAULT_ORDER = [
  { column: 'date' as const, direction: 'desc' as const },
  { column: 'id' as const, direction: 'desc' as const },
];

const Column = (description: string) =>
  Type.Optional(Str(100, `${description}: a header name (case- and accent-insensitive) or a 1-based position`));
const ImportQuery = Type.Object({
  format: Type.Optional(StringEnum(['CAMT053', 'OFX', 'CSV'] as const, 'Format of the file; recognised from its first bytes when absent')),
  dateColumn: Column('CSV: booking date'),
  labelColumn: Column('CSV: label'),
  amountColumn: Column('CSV: signed amount'),
  debitColumn: Column('CSV: debit (money out, with or without a minus sign)'),
  creditColumn: Column('CSV: credit (money in)'),
  valueDateColumn: Column('CSV: value date'),
  referenceColumn: Column('CSV: reference'),
  dateFormat: Type.Optional(StringEnum(DATE_FORMATS, 'CSV: format of the dates (default DD/MM/YYYY)')),
  decimalSeparator: Type.Optional(StringEnum([',', '.'] as const, 'CSV: decimal separator (default ,)')),
  delimiter: Type.Optional(StringEnum([';', ',', 'tab'] as const, 'CSV: field delimiter (default: ; or , as the header shows)')),
  encoding: Type.Optional(StringEnum(ENCODINGS, 'CSV: encoding of the file (default utf-8)')),
  skipLines: Type.Optional(Type.Integer({ minimum: 0, maximum: 50, description: 'CSV: lines before the header' })),
});

async function statementPart(request: FastifyRequest): Promise<StatementUpload> {
  if (!request.isMultipart()) throw ValidationError.field('file', 'send multipart/form-data with one part named "file"');
  let part;
  try {
    part = await request.file({ limits: { fileSize: MAX_CAMT_BYTES, files: 1 } });
  } catch (e) {
    throw ValidationError.field('file', `malformed multipart body: ${(e as Error).message}`);
  }
  if (!part) throw ValidationError.field('file', 'no part named "file" in the multipart body');
  if (part.fieldname.toLowerCase() !== 'file') {
    part.file.resume();
    throw ValidationError.field('file', `the first file part is named "${part.fieldname.slice(0, 50)}", not "file"`);
  }
  checkFileName(part.filename || undefined);
  return { stream: part.file, fileName: part.filename || null };
}

export function bankRoutes(app: TypedApp, appCtx: AppContext): void {
  for (const s of [BankAccount, BankTransaction, BankStatementImport, MatchSuggestion]) ensureSchema(app, s);
  const db = appCtx.db;
  const accountRef = Type.Ref(BankAccount);
  const txRef = Type.Ref(BankTransaction);
  const tags = ['BankAccounts'];

  app.get(
    '/v1/bankaccounts',
    {
      schema: {
        tags,
        operationId: 'GET_BankAccounts_List',
        summary: 'List the bank accounts (extension)',
        querystring: Type.Object({ ...PagingQuery }),
        response: { 200: Type.Array(accountRef), 400: problem },
      },
    },
    async (request, reply) => {
      if (request.query.OrderBy) parseOrderBy(request.query.OrderBy, { id: 'id' }, []);
      const page = pageOf(request.query);
      const { items, total } = await bank.listBankAccounts(db, request.principal.accountId, page);
      setPagingHeaders(request, reply, page, total);
      return items;
    },
  );

  app.post(
    '/v1/bankaccounts',
    {
      config: { errorBody: 'Error' },
      schema: {
        tags,
        operationId: 'POST_BankAccounts_Post',
        summary: 'Create a bank account (extension)',
        body: BankAccountInput,
        response: { 200: accountRef, 400: error },
      },
    },
    async (request, reply) => withETag(reply, await bank.createBankAccount(db, request.principal.accountId, request.body)),
  );

  app.get(
    '/v1/bankaccounts/:id',
    {
      schema: {
        tags,
        operationId: 'GET_BankAccounts_Get',
        summary: 'Get a bank account (extension)',
        params: IdParams,
        response: { 200: accountRef, 404: problem },
      },
    },
    async (request, reply) => withETag(reply, await bank.getBankAccount(db, request.principal.accountId, request.params.id)),
  );

  app.put(
    '/v1/bankaccounts/:id',
    {
      schema: {
        tags,
        operationId: 'PUT_BankAccounts_Update',
        summary: 'Update a bank account (extension): absent fields kept, null clears',
        params: IdParams,
        headers: IfMatchHeaders,
        body: Type.Partial(BankAccountInput),
        response: { 200: accountRef, 400: problem, 404: problem, 412: problem },
      },
    },
    async (request, reply) =>
      withETag(reply, await bank.updateBankAccount(db, request.principal.accountId, request.params.id, request.body, ifMatchOf(request))),
  );

  app.delete(
    '/v1/bankaccounts/:id',
    {
      schema: {
        tags,
        operationId: 'DELETE_BankAccounts_Delete',
        summary: 'Delete a bank account without transactions (extension)',
        params: IdParams,
        headers: IfMatchHeaders,
        response: { 200: NoBody, 400: problem, 404: problem, 412: problem },
      },
    },
    async (request, reply) => {
      await bank.deleteBankAccount(db, request.principal.accountId, request.params.id, ifMatchOf(request));
      return reply.code(200).send();
    },
  );

  app.post(
    '/v1/bankaccounts/:id/statements',
    {
      schema: {
        tags,
        operationId: 'POST_BankAccounts_ImportStatement',
        summary: `Import a statement (extension): multipart/form-data, one part named "file": CAMT.053 (streamed, at most ${MAX_CAMT_BYTES / 1024 / 1024} MB), OFX or CSV (column mapping in the query); entries already imported are skipped`,
        consumes: ['multipart/form-data'],
        params: IdParams,
        querystring: ImportQuery,
        response: { 200: Type.Ref(BankStatementImport), 400: problem, 404: problem },
      },
    },
    async (request) => {
      const { format, ...csv } = request.query;
      // An unknown bank account is answered 404 before the upload is read.
      await bank.requireBankAccount(db, request.principal.accountId, request.params.id);
      return importStatement(db, request.principal.accountId, request.params.id, await statementPart(request), { format, csv });
    },
  );

  const txTags = ['BankTransactions'];
  app.get(
    '/v1/banktransactions',
    {
      schema: {
        tags: txTags,
        operationId: 'GET_BankTransactions_List',
        summary: 'List bank transactions (extension)',
        querystring: Type.Object({
          ...PagingQuery,
          BankAccountId: Type.Optional(Int32),
          From: Type.Optional(Type.String({ format: 'date' })),
          To: Type.Optional(Type.String({ format: 'date' })),
          Matched: Type.Optional(Type.Boolean({ description: 'true: matched only; false: not matched only' })),
          query: Type.Optional(Str(200, 'Words of the label, reference or counterparty')),
        }),
        response: { 200: Type.Array(txRef), 400: problem, 404: problem },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const page = pageOf(q);
      const order = parseOrderBy(q.OrderBy, ORDER_BY, DEFAULT_ORDER);
      const filter = { bankAccountId: q.BankAccountId, from: q.From, to: q.To, matched: q.Matched, query: q.query };
      const { items, total } = await bank.listBankTransactions(db, request.principal.accountId, filter, page, order);
      setPagingHeaders(request, reply, page, total);
      return items;
    },
  );

  app.post(
    '/v1/banktransactions',
    {
      schema: {
        tags: txTags,
        operationId: 'POST_BankTransactions_Post',
        summary: 'Enter a bank transaction by hand (extension): signed amount, optional direction checked against its sign',
        body: BankTransactionInput,
        response: { 200: txRef, 400: problem, 404: problem },
      },
    },
    async (request) => bank.createBankTransaction(db, request.principal.accountId, request.body),
  );

  app.put(
    '/v1/banktransactions/:id',
    {
      schema: {
        tags: txTags,
        operationId: 'PUT_BankTransactions_Update',
        summary: 'Update a transaction entered by hand (extension): absent fields kept, null clears; imported ones are 400',
        params: IdParams,
        body: Type.Partial(BankTransactionInput),
        response: { 200: txRef, 400: problem, 404: problem },
      },
    },
    async (request) => bank.updateBankTransaction(db, request.principal.accountId, request.params.id, request.body),
  );

  app.delete(
    '/v1/banktransactions/:id',
    {
      schema: {
        tags: txTags,
        operationId: 'DELETE_BankTransactions_Delete',
        summary: 'Delete a transaction entered by hand (extension); imported ones are 400',
        params: IdParams,
        response: { 200: NoBody, 400: problem, 404: problem },
      },
    },
    async (request, reply) => {
      await bank.deleteBankTransaction(db, request.principal.accountId, request.params.id);
      return reply.code(200).send();
    },
  );

  app.get(
    '/v1/banktransactions/:id',
    {
      schema: {
        tags: txTags,
        operationId: 'GET_BankTransactions_Get',
        summary: 'Get a bank transaction (extension)',
        params: IdParams,
        response: { 200: txRef, 404: problem },
      },
    },
    async (request) => bank.getBankTransaction(db, request.principal.accountId, request.params.id),
  );

  app.get(
    '/v1/banktransactions/:id/suggestions',
    {
      schema: {
        tags: txTags,
        operationId: 'GET_BankTransactions_Suggestions',
        summary: 'Settlements this transaction may be, best first (extension): same amount, near date, reference in the label',
        params: IdParams,
        response: { 200: Type.Array(Type.Ref(MatchSuggestion)), 404: problem },
      },
    },
    async (request) => bank.suggestMatches(db, request.principal.accountId, request.params.id),
  );

  app.post(
    '/v1/banktransactions/:id/match',
    {
      schema: {
        tags: txTags,
        operationId: 'POST_BankTransactions_Match',
        summary: 'Confirm that the transaction is this receipt, supplier payment or expense report repayment (extension)',
        params: IdParams,
        body: MatchInput,
        response: { 200: txRef, 400: problem, 404: problem, 409: problem },
      },
    },
    async (request) => bank.confirmMatch(db, request.principal.accountId, request.params.id, request.body),
  );

  app.delete(
    '/v1/banktransactions/:id/match',
    {
      schema: {
        tags: txTags,
        operationId: 'DELETE_BankTransactions_Match',
        summary: 'Remove the match of a transaction (extension)',
        params: IdParams,
        response: { 200: txRef, 404: problem },
      },
    },
    async (request) => bank.removeMatch(db, request.principal.accountId, request.params.id),
  );
}
