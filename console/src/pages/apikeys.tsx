// API access: the account's keys (name, prefix, created, last used), created or regenerated keys
// shown once with a copy button and a curl line, revocation after confirmation.
import { useState } from 'preact/hooks';
import { call, get } from '../api';
import { date } from '../format';
import { t } from '../i18n';
import { Confirm, Dialog, ErrorBox, Field, fieldErrors, Loading, useLoad } from '../ui';

import type { ApiKey, CreatedKey } from '../api-types';

function ShownOnce({ created, onClose }: { created: CreatedKey; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const curl = `curl -H "x-api-key: ${created.apiKey}" ${location.origin}/hello`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.apiKey);
    } catch {
      // Clipboard refused (plain HTTP on a LAN): select the text for a manual copy instead.
      const node = document.getElementById('new-key');
      if (node) getSelection()?.selectAllChildren(node);
    }
    setCopied(true);
  };
  return (
    <Dialog
      title={created.name}
      onClose={onClose}
      actions={
        <button type="button" class="primary" onClick={onClose}>
          {t('close')}
        </button>
      }
    >
      <p class="warning">{t('keyShownOnce')}</p>
      <p class="secret">
        <code id="new-key">{created.apiKey}</code>
      </p>
      <button type="button" onClick={() => void copy()}>
        {t('copy')}
      </button>{' '}
      <span role="status">{copied ? t('copied') : ''}</span>
      <p>{t('tryIt')}</p>
      <pre class="curl">
        <code>{curl}</code>
      </pre>
    </Dialog>
  );
}

export function ApiKeysPage() {
  const keys = useLoad(() => get('/v1/apikeys'), []);
  const [name, setName] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [asking, setAsking] = useState<{ key: ApiKey; action: 'revoke' | 'regenerate' } | null>(null);

  const create = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      setCreated((await call('POST', '/v1/apikeys', { body: { name } })).data);
      setName('');
      keys.reload();
    } catch (err) {
      setError(err);
    }
  };
  const act = async () => {
    if (!asking) return;
    const { key, action } = asking;
    setAsking(null);
    setError(null);
    try {
      if (action === 'revoke') await call('DELETE', '/v1/apikeys/{id}', { path: { id: key.id } });
      else setCreated((await call('POST', '/v1/apikeys/regenerate/{id}', { path: { id: key.id } })).data);
      keys.reload();
    } catch (err) {
      setError(err);
    }
  };

  return (
    <>
      <h1 tabIndex={-1}>{t('apiAccess')}</h1>
      <form class="inline-form" onSubmit={(e) => void create(e)} noValidate>
        <Field label={t('keyName')} value={name} onValue={setName} maxLength={200} error={fieldErrors(error, 'name')} />
        <button type="submit" class="primary">
          {t('createKey')}
        </button>
      </form>
      {error !== null && !fieldErrors(error, 'name') && <ErrorBox error={error} />}
      {keys.loading && !keys.data && <Loading />}
      {keys.error !== undefined && <ErrorBox error={keys.error} retry={keys.reload} />}
      {keys.data && (
        <div class="table-wrap">
          <table>
            <caption>{t('apiKeys')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('name')}</th>
                <th scope="col">{t('prefix')}</th>
                <th scope="col">{t('created')}</th>
                <th scope="col">{t('lastUsed')}</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((k) => (
                <tr key={k.id} class={k.revokedAt ? 'muted' : ''}>
                  <td data-label={t('name')}>{k.name}</td>
                  <td data-label={t('prefix')}>
                    <code>{k.prefix}…</code>
                  </td>
                  <td data-label={t('created')}>{date(k.createdAt)}</td>
                  <td data-label={t('lastUsed')}>{k.lastUsedAt ? date(k.lastUsedAt) : t('never')}</td>
                  <td class="row-actions">
                    {k.revokedAt ? (
                      <span>
                        {t('revoked')} {date(k.revokedAt)}
                      </span>
                    ) : (
                      <>
                        <button
                          type="button"
                          onClick={() => {
                            setAsking({ key: k, action: 'regenerate' });
                          }}
                          aria-label={`${t('regenerate')} ${k.name}`}
                        >
                          {t('regenerate')}
                        </button>
                        <button
                          type="button"
                          class="danger"
                          onClick={() => {
                            setAsking({ key: k, action: 'revoke' });
                          }}
                          aria-label={`${t('revoke')} ${k.name}`}
                        >
                          {t('revoke')}
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {asking && (
        <Confirm
          title={asking.action === 'revoke' ? t('revoke') : t('regenerate')}
          text={t(asking.action === 'revoke' ? 'revokeConfirm' : 'regenerateConfirm', { name: asking.key.name })}
          confirmLabel={asking.action === 'revoke' ? t('revoke') : t('regenerate')}
          danger
          onConfirm={() => void act()}
          onClose={() => {
            setAsking(null);
          }}
        />
      )}
      {created && (
        <ShownOnce
          created={created}
          onClose={() => {
            setCreated(null);
          }}
        />
      )}
    </>
  );
}
