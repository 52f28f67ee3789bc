// My account: who I am, the language, and the password (set after a sign-in by link, or changed).
import { useState } from 'preact/hooks';
import { call } from '../api';
import { t, type Lang } from '../i18n';
import type { Session } from '../main';
import { ErrorBox, Field, fieldErrors, Notice } from '../ui';
import { LangSwitch } from './signin';

export function AccountPage(props: { session: Session; lang: Lang; onLang: (lang: Lang) => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const [hasPassword, setHasPassword] = useState(props.session.passwordSet);
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setDone(false);
    try {
      await call('POST', '/v1/users/me/password', {
        body: hasPassword ? { currentPassword: current, newPassword: next } : { newPassword: next },
      });
      setDone(true);
      setHasPassword(true);
      setCurrent('');
      setNext('');
    } catch (err) {
      setError(err);
    }
  };
  const { user } = props.session;
  return (
    <>
      <h1 tabIndex={-1}>{t('myAccount')}</h1>
      <dl class="facts">
        <dt>{t('email')}</dt>
        <dd>{user.email}</dd>
        <dt>{t('profile')}</dt>
        <dd>{user.profile}</dd>
      </dl>
      <h2>{t('language')}</h2>
      <LangSwitch lang={props.lang} onLang={props.onLang} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h2>{t('changePassword')}</h2>
        {!hasPassword && <p class="notice">{t('choosePassword')}</p>}
        {done && <Notice>{t('passwordChanged')}</Notice>}
        {error !== null && <ErrorBox error={error} />}
        {hasPassword && (
          <Field
            label={t('currentPassword')}
            type="password"
            autocomplete="current-password"
            value={current}
            onValue={setCurrent}
            error={fieldErrors(error, 'currentPassword')}
          />
        )}
        <Field
          label={t('newPassword')}
          type="password"
          autocomplete="new-password"
          value={next}
          onValue={setNext}
          error={fieldErrors(error, 'newPassword')}
        />
        <button type="submit" class="primary">
          {t('changePassword')}
        </button>
      </form>
    </>
  );
}
