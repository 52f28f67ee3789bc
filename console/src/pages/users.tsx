// Users (Admin only): the account's users with profile and status, invitation (a one-time sign-in
// link shown once), profile and names, disable / enable, password reset (a new one-time link).
// Every action is a call to /v1/users (docs/console.md#managing-users); the API refuses other profiles.
import { useState } from 'preact/hooks';
import { call, get } from '../api';
import type { ApiUser, WithLink } from '../api-types';

type Profile = ApiUser['profile'];
import { t, type Key } from '../i18n';
import { Confirm, Dialog, ErrorBox, Field, fieldErrors, Loading, Notice, Select, useLoad } from '../ui';

/** A user of the account, narrowed from the User schema (api-types.ts, the console's own routes). */
export type { ApiUser } from '../api-types';

const profiles = (): [string, string][] => [
  ['Standard', t('profileStandard')],
  ['Accountant', t('profileAccountant')],
  ['Admin', t('profileAdmin')],
];
const profileLabel = (p: string) => t(`profile${p}` as Key);
const statusLabel = (s: string) => t(`status${s}` as Key);

function LinkShownOnce({ shown, onClose }: { shown: WithLink; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown.signInLink);
    } catch {
      const node = document.getElementById('signin-link');
      if (node) getSelection()?.selectAllChildren(node);
    }
    setCopied(true);
  };
  return (
    <Dialog
      title={shown.user.displayName}
      onClose={onClose}
      actions={
        <button type="button" class="primary" onClick={onClose}>
          {t('close')}
        </button>
      }
    >
      <p class="warning">{t('linkShownOnce', { name: shown.user.displayName })}</p>
      <p class="secret">
        <code id="signin-link">{shown.signInLink}</code>
      </p>
      <button type="button" onClick={() => void copy()}>
        {t('copy')}
      </button>{' '}
      <span role="status">{copied ? t('copied') : ''}</span>
    </Dialog>
  );
}

function EditUser({ user, self, onSaved, onClose }: { user: ApiUser; self: boolean; onSaved: () => void; onClose: () => void }) {
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [phone, setPhone] = useState(user.phone ?? '');
  const [profile, setProfile] = useState<string>(user.profile);
  const [error, setError] = useState<unknown>(null);
  const save = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      await call('PUT', '/v1/users/{id}', {
        path: { id: user.userId },
        // The select offers the three profiles only (profiles()).
        body: { firstName, lastName, phone, ...(self ? {} : { profile: profile as Profile }) },
      });
      onSaved();
    } catch (err) {
      setError(err);
    }
  };
  return (
    <Dialog
      title={`${t('editUser')} — ${user.email}`}
      onClose={onClose}
      actions={
        <>
          <button type="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" form="edit-user" class="primary">
            {t('save')}
          </button>
        </>
      }
    >
      <form id="edit-user" onSubmit={(e) => void save(e)} noValidate>
        <Field label={t('firstName')} value={firstName} onValue={setFirstName} maxLength={100} error={fieldErrors(error, 'firstName')} />
        <Field label={t('lastName')} value={lastName} onValue={setLastName} maxLength={100} error={fieldErrors(error, 'lastName')} />
        <Field label={t('phone')} type="tel" value={phone} onValue={setPhone} maxLength={40} error={fieldErrors(error, 'phone')} />
        {!self && (
          <Select label={t('profile')} value={profile} onValue={setProfile} options={profiles()} error={fieldErrors(error, 'profile')} />
        )}
      </form>
      {error !== null && !fieldErrors(error, 'firstName', 'lastName', 'phone', 'profile') && <ErrorBox error={error} />}
    </Dialog>
  );
}

export function UsersPage({ selfId }: { selfId: number }) {
  const users = useLoad(() => get('/v1/users'), []);
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [profile, setProfile] = useState('Standard');
  const [error, setError] = useState<unknown>(null);
  const [shown, setShown] = useState<WithLink | null>(null);
  const [editing, setEditing] = useState<ApiUser | null>(null);
  const [asking, setAsking] = useState<{ user: ApiUser; action: 'disable' | 'reset' } | null>(null);
  const [notice, setNotice] = useState('');

  const invite = async (e: Event) => {
    e.preventDefault();
    setError(null);
    setNotice('');
    try {
      setShown((await call('POST', '/v1/users', { body: { email, firstName, lastName, profile: profile as Profile } })).data);
      setEmail('');
      setFirstName('');
      setLastName('');
      users.reload();
    } catch (err) {
      setError(err);
    }
  };
  const setStatus = async (user: ApiUser, status: 'Active' | 'Inactive') => {
    setError(null);
    setNotice('');
    try {
      await call('PUT', '/v1/users/{id}', { path: { id: user.userId }, body: { status } });
      setNotice(t('userSaved'));
      users.reload();
    } catch (err) {
      setError(err);
    }
  };
  const act = async () => {
    if (!asking) return;
    const { user, action } = asking;
    setAsking(null);
    if (action === 'disable') return setStatus(user, 'Inactive');
    setError(null);
    try {
      setShown((await call('POST', '/v1/users/resetpassword/{id}', { path: { id: user.userId } })).data);
      users.reload();
    } catch (err) {
      setError(err);
    }
  };
  const inviteFields = ['email', 'firstName', 'lastName', 'profile'];

  return (
    <>
      <h1 tabIndex={-1}>{t('users')}</h1>
      <section aria-labelledby="invite-title">
        <h2 id="invite-title">{t('inviteUser')}</h2>
        <form class="inline-form" onSubmit={(e) => void invite(e)} noValidate>
          <Field
            label={t('email')}
            type="email"
            value={email}
            onValue={setEmail}
            required
            maxLength={254}
            error={fieldErrors(error, 'email')}
          />
          <Field label={t('firstName')} value={firstName} onValue={setFirstName} maxLength={100} />
          <Field label={t('lastName')} value={lastName} onValue={setLastName} maxLength={100} />
          <Select label={t('profile')} value={profile} onValue={setProfile} options={profiles()} error={fieldErrors(error, 'profile')} />
          <button type="submit" class="primary">
            {t('invite')}
          </button>
          <p class="hint">{t('profilesHelp')}</p>
        </form>
      </section>
      {error !== null && !fieldErrors(error, ...inviteFields) && <ErrorBox error={error} />}
      {notice && <Notice>{notice}</Notice>}
      {users.loading && !users.data && <Loading />}
      {users.error !== undefined && <ErrorBox error={users.error} retry={users.reload} />}
      {users.data && (
        <div class="table-wrap">
          <table>
            <caption>{t('usersOfAccount')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('name')}</th>
                <th scope="col">{t('email')}</th>
                <th scope="col">{t('profile')}</th>
                <th scope="col">{t('status')}</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((u) => {
                const self = u.userId === selfId;
                return (
                  <tr key={u.userId} class={u.status === 'Inactive' ? 'muted' : ''}>
                    <td data-label={t('name')}>
                      {u.displayName}
                      {self && ` (${t('you')})`}
                    </td>
                    <td data-label={t('email')}>{u.email}</td>
                    <td data-label={t('profile')}>{profileLabel(u.profile)}</td>
                    <td data-label={t('status')}>
                      <span class={`badge${u.status === 'Active' ? ' paid' : u.status === 'InvitationSent' ? ' draft' : ''}`}>
                        {statusLabel(u.status)}
                      </span>
                    </td>
                    <td class="row-actions">
                      <button
                        type="button"
                        aria-label={`${t('edit')} ${u.displayName}`}
                        onClick={() => {
                          setEditing(u);
                        }}
                      >
                        {t('edit')}
                      </button>
                      {!self && (
                        <button
                          type="button"
                          aria-label={`${t('resetPassword')} ${u.displayName}`}
                          onClick={() => {
                            setAsking({ user: u, action: 'reset' });
                          }}
                        >
                          {t('resetPassword')}
                        </button>
                      )}
                      {!self &&
                        (u.status === 'Inactive' ? (
                          <button type="button" aria-label={`${t('enable')} ${u.displayName}`} onClick={() => void setStatus(u, 'Active')}>
                            {t('enable')}
                          </button>
                        ) : (
                          <button
                            type="button"
                            class="danger"
                            aria-label={`${t('disable')} ${u.displayName}`}
                            onClick={() => {
                              setAsking({ user: u, action: 'disable' });
                            }}
                          >
                            {t('disable')}
                          </button>
                        ))}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {asking && (
        <Confirm
          title={asking.action === 'disable' ? t('disable') : t('resetPassword')}
          text={t(asking.action === 'disable' ? 'disableConfirm' : 'resetConfirm', { name: asking.user.displayName })}
          confirmLabel={asking.action === 'disable' ? t('disable') : t('resetPassword')}
          danger
          onConfirm={() => void act()}
          onClose={() => {
            setAsking(null);
          }}
        />
      )}
      {editing && (
        <EditUser
          user={editing}
          self={editing.userId === selfId}
          onClose={() => {
            setEditing(null);
          }}
          onSaved={() => {
            setEditing(null);
            setNotice(t('userSaved'));
            users.reload();
          }}
        />
      )}
      {shown && (
        <LinkShownOnce
          shown={shown}
          onClose={() => {
            setShown(null);
          }}
        />
      )}
    </>
  );
}
