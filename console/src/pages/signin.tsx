// Sign-in by e-mail and password, and by a one-time link (first start, invitation, reset).
import { useEffect, useState } from 'preact/hooks';
import { ApiError, call } from '../api';
import { t, type Lang } from '../i18n';
import type { Session } from '../main';
import { ErrorBox, Field, Loading } from '../ui';

export function LangSwitch({ lang, onLang }: { lang: Lang; onLang: (lang: Lang) => void }) {
  return (
    <div class="lang" role="group" aria-label={t('language')}>
      <button
        type="button"
        aria-pressed={lang === 'fr'}
        lang="fr"
        onClick={() => {
          onLang('fr');
        }}
      >
        Français
      </button>
      <button
        type="button"
        aria-pressed={lang === 'en'}
        lang="en"
        onClick={() => {
          onLang('en');
        }}
      >
        English
      </button>
    </div>
  );
}

export function SignIn(props: { expired: boolean; onSession: (s: Session) => void; lang: Lang; onLang: (lang: Lang) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      props.onSession((await call('POST', '/v1/users/signin', { body: { email, password } })).data);
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  return (
    <main class="signin" id="main">
      <h1>{t('appName')}</h1>
      <LangSwitch lang={props.lang} onLang={props.onLang} />
      <form onSubmit={(e) => void submit(e)} aria-labelledby="signin-title" noValidate>
        <h2 id="signin-title">{t('signInTitle')}</h2>
        {props.expired && !error && (
          <p class="notice" role="status">
            {t('sessionExpired')}
          </p>
        )}
        {error !== null && <ErrorBox error={error instanceof ApiError && error.status === 401 ? new Error(t('badCredentials')) : error} />}
        <Field label={t('email')} type="email" autocomplete="username" required value={email} onValue={setEmail} />
        <Field label={t('password')} type="password" autocomplete="current-password" required value={password} onValue={setPassword} />
        <button type="submit" class="primary" disabled={busy}>
          {busy ? t('loading') : t('signIn')}
        </button>
      </form>
    </main>
  );
}

export function LinkSignIn({ token, onSession }: { token: string; onSession: (s: Session) => void }) {
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    // The token leaves the address bar at once: it is spent, and should not stay in the history.
    history.replaceState(null, '', `${location.pathname}#/`);
    call('POST', '/v1/users/signin/link', { body: { token } }).then(
      (a) => {
        onSession(a.data);
      },
      (err: unknown) => {
        setError(err);
      },
    );
  }, []);
  return (
    <main class="signin" id="main">
      <h1>{t('appName')}</h1>
      {error ? (
        <>
          <ErrorBox error={new Error(t('linkInvalid'))} />
          <p>
            <a href="#/">{t('signIn')}</a>
          </p>
        </>
      ) : (
        <>
          <p>{t('linkSigningIn')}</p>
          <Loading />
        </>
      )}
    </main>
  );
}
