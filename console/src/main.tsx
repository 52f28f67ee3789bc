// The web console (docs/console.md): a single-page application over the /v1 API.
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { call, setCsrfToken, whenSignedOut } from './api';
import { lang, setLang, t, type Lang } from './i18n';
import { go, useRoute } from './router';
import { Loading } from './ui';
import { Shortcuts } from './shortcuts';
import { ApiKeysPage } from './pages/apikeys';
import { AccountPage } from './pages/account';
import { ColleaguesPage, tc } from './pages/colleagues';
import { CustomerAccount } from './pages/customer-account';
import { CustomerEdit, CustomersPage } from './pages/customers';
import { DashboardPage } from './pages/dashboard';
import { CsvImportPage } from './pages/csvimport';
import { BankAccountPage, BankPage, tb } from './pages/bank';
import { EmailsPage, tm } from './pages/emails';
import { ExpenseReportPage, ExpensesPage, tx } from './pages/expenses';
import { ExportsPage, te } from './pages/exports';
import { LedgersPage, tl } from './pages/ledgers';
import { DocumentPage, DocumentsPage, type Kind } from './pages/documents';
import { ReceivedInvoicePage, ReceivedPage } from './pages/einvoicing';
import { EReportingPage, EReportingPeriodPage } from './pages/ereporting';
import { RecurringEdit, RecurringPage } from './pages/recurring';
import { ProductEdit, ProductsPage } from './pages/products';
import { ReceiptsPage } from './pages/receipts';
import { GlobalSearch, SearchPage } from './pages/search';
import { SettingsPage } from './pages/settings';
import { UsersPage } from './pages/users';
import { tw, WebhookPage, WebhooksPage } from './pages/webhooks';
import { LinkSignIn, SignIn } from './pages/signin';
import './styles.css';
// After styles.css: the dark theme overrides its colours.
import './theme.css';

/** The signed-in user and the session (the console's own route, api-types.ts). */
export type { Session, SessionUser as User } from './api-types';
import type { Session } from './api-types';

/** Whether a session was open in this page: a 401 before any (the first visit) is no expiry. */
let everSignedIn = false;

function App() {
  const route = useRoute();
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [expired, setExpired] = useState(false);
  const [, setLangState] = useState<Lang>(lang());
  const main = useRef<HTMLElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);

  const opened = (s: Session) => {
    everSignedIn = true;
    setCsrfToken(s.csrfToken);
    setExpired(false);
    setSession(s);
  };

  useEffect(() => {
    document.documentElement.lang = lang();
    whenSignedOut(() => {
      setCsrfToken(null);
      setSession(null);
      setExpired(everSignedIn);
    });
    if (route.path[0] === 'link') {
      setSession(null);
      return;
    }
    call('GET', '/v1/users/session').then(
      (a) => {
        opened(a.data);
      },
      () => {
        setSession(null);
      },
    );
  }, []);

  // Move focus to the page's heading on navigation, so keyboard and screen reader users follow.
  useEffect(() => {
    main.current?.querySelector('h1')?.focus();
  }, [route.path.join('/')]);

  const switchLang = (value: Lang) => {
    setLang(value);
    setLangState(value);
  };

  if (route.path[0] === 'link' && !session)
    return (
      <LinkSignIn
        token={route.path[1] ?? ''}
        onSession={(s) => {
          opened(s);
          go('/account');
        }}
      />
    );
  if (session === undefined) return <Loading />;
  if (!session)
    return (
      <SignIn
        expired={expired}
        onSession={(s) => {
          opened(s);
          go(route.path.length ? `/${route.path.join('/')}` : '/dashboard');
        }}
        lang={lang()}
        onLang={switchLang}
      />
    );

  const signOut = async () => {
    await call('POST', '/v1/users/signout').catch(() => undefined);
    setCsrfToken(null);
    setSession(null);
    go('/');
  };

  const [section = 'dashboard', id] = route.path;
  const links: [string, string][] = [
    ['dashboard', t('dashboard')],
    ['invoices', t('invoices')],
    ['credits', t('credits')],
    ['quotes', t('quotes')],
    ['customers', t('customers')],
    ['products', t('products')],
    ['receipts', t('receipts')],
    ['ledgers', tl('commitments')],
    ['recurring', t('recurring')],
    ['received', t('received')],
    ['ereporting', t('ereporting')],
    ['bank', tb('bank')],
    ['expenses', tx('expenses')],
    ['colleagues', tc('colleagues')],
    ['exports', te('exports')],
    ['emails', tm('emails')],
    ['webhooks', tw('webhooks')],
    ['settings', t('settings')],
    ...(session.user.profile === 'Admin'
      ? ([
          ['users', t('users')],
          ['apikeys', t('apiAccess')],
        ] as [string, string][])
      : []),
    ['account', t('myAccount')],
  ];
  let page;
  if (section === 'invoices' || section === 'credits' || section === 'quotes') {
    const kind: Kind = section === 'invoices' ? 'invoice' : section === 'credits' ? 'credit' : 'quote';
    page = id ? (
      <DocumentPage key={`${kind}${id}`} kind={kind} id={id} readOnly={session.user.profile === 'Accountant'} />
    ) : (
      <DocumentsPage key={kind} kind={kind} query={route.query} />
    );
  } else if (section === 'dashboard') page = <DashboardPage />;
  else if (section === 'search') page = <SearchPage key={route.query.get('q') ?? ''} q={route.query.get('q') ?? ''} />;
  else if (section === 'customers' && id && route.path[2] === 'account') page = <CustomerAccount key={id} id={id} />;
  else if (section === 'customers') page = id ? <CustomerEdit key={id} id={id} /> : <CustomersPage />;
  else if (section === 'products') page = id ? <ProductEdit key={id} id={id} /> : <ProductsPage />;
  else if (section === 'receipts') page = <ReceiptsPage />;
  else if (section === 'ledgers') page = <LedgersPage view={id === 'settlements' ? 'settlements' : 'commitments'} />;
  else if (section === 'received')
    page = id ? (
      <ReceivedInvoicePage key={id} id={id} readOnly={session.user.profile === 'Accountant'} />
    ) : (
      <ReceivedPage readOnly={session.user.profile === 'Accountant'} />
    );
  else if (section === 'recurring')
    page = id ? <RecurringEdit key={id} id={id} readOnly={session.user.profile === 'Accountant'} /> : <RecurringPage />;
  else if (section === 'ereporting')
    page = id ? <EReportingPeriodPage key={id} id={id} readOnly={session.user.profile === 'Accountant'} /> : <EReportingPage />;
  else if (section === 'import' && (id === 'customers' || id === 'products')) page = <CsvImportPage key={id} target={id} />;
  else if (section === 'bank')
    page = id ? (
      <BankAccountPage key={id} id={id} readOnly={session.user.profile === 'Accountant'} />
    ) : (
      <BankPage readOnly={session.user.profile === 'Accountant'} />
    );
  else if (section === 'expenses')
    page = id ? (
      <ExpenseReportPage key={id} id={id} readOnly={session.user.profile === 'Accountant'} />
    ) : (
      <ExpensesPage readOnly={session.user.profile === 'Accountant'} />
    );
  else if (section === 'colleagues') page = <ColleaguesPage readOnly={session.user.profile === 'Accountant'} />;
  else if (section === 'webhooks')
    page = id ? (
      <WebhookPage key={id} id={id} readOnly={session.user.profile === 'Accountant'} />
    ) : (
      <WebhooksPage readOnly={session.user.profile === 'Accountant'} />
    );
  else if (section === 'exports') page = <ExportsPage />;
  else if (section === 'emails') page = <EmailsPage />;
  else if (section === 'settings') page = <SettingsPage />;
  else if (section === 'apikeys') page = <ApiKeysPage />;
  else if (section === 'users')
    page = session.user.profile === 'Admin' ? <UsersPage selfId={session.user.userId} /> : <h1 tabIndex={-1}>{t('notFound')}</h1>;
  else if (section === 'account') page = <AccountPage session={session} lang={lang()} onLang={switchLang} />;
  else page = <h1 tabIndex={-1}>{t('notFound')}</h1>;

  return (
    <>
      <a class="skip" href="#main" onClick={(e) => (e.preventDefault(), main.current?.focus())}>
        {t('skip')}
      </a>
      <header class="top">
        <span class="brand">{t('appName')}</span>
        <button
          type="button"
          class="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="nav"
          onClick={() => {
            setMenuOpen(!menuOpen);
          }}
        >
          {t('menu')}
        </button>
        <nav id="nav" class={menuOpen ? 'open' : ''} aria-label={t('nav')}>
          <ul>
            {links.map(([path, label]) => (
              <li key={path}>
                <a
                  href={`#/${path}`}
                  aria-current={section === path ? 'page' : undefined}
                  onClick={() => {
                    setMenuOpen(false);
                  }}
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <GlobalSearch />
        <span class="who">
          {session.user.displayName}{' '}
          <button type="button" class="link" onClick={() => void signOut()}>
            {t('signOut')}
          </button>
        </span>
      </header>
      <Shortcuts />
      <main id="main" ref={main} tabIndex={-1}>
        {session.user.profile === 'Accountant' && <p class="notice">{t('readOnly')}</p>}
        {page}
      </main>
    </>
  );
}

const root = document.getElementById('app')!;
// The page's "Chargement…" placeholder goes before the first render: Preact reuses an existing node
// only when the first screen happens to start with the same element, and the sign-in link's does not.
root.replaceChildren();
render(<App />, root);
