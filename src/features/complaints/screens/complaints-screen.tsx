/**
 * /help-center/my-complaints (UserComplains, issue 38), open to everyone (the guard skips the help
 * centre, docs/product.md §6). One route, three views by the query: the table (`page`, `page_size`),
 * one complaint's thread (`id`) and the form (`new=1`); a filed complaint's number comes back as
 * `sent`. Signed out, the page says what it is, offers to sign in, and still takes a complaint, proven
 * by a code.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { unbroken } from '../../../lib/format/phone';
import { downloadBlob } from '../../../lib/download-blob';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { signedInCodeApi } from '../../../components/verification/own-contact';
import { complaintsApi } from '../api/complaints-api';
import { ComplaintFormView } from '../components/complaint-form-view';
import { ComplaintThreadView } from '../components/complaint-thread-view';
import { ComplaintsList, SignedOutComplaints } from '../components/complaints-list';
import { createComplaintFormModel } from '../models/complaint-form-model';
import { createComplaintThreadModel } from '../models/complaint-thread-model';
import { listQuery } from '../models/complaints-list-model';

/**
 * Whether a person is signed in: the guard does not check on the help centre, so a stored token is
 * verified here, once; a token that no longer holds leaves the page signed out (main.tsx keeps the
 * help centre's visitor on it).
 */
function useSignedIn(): 'checking' | 'in' | 'out' {
  useSignals();
  const { session } = useServices();
  const user = session.user.value;
  const [checked, setChecked] = useState(() => user !== null || !session.hasToken());
  useEffect(() => {
    if (checked) return;
    void session.verify().finally(() => setChecked(true));
  }, [checked, session]);
  if (user) return 'in';
  return checked ? 'out' : 'checking';
}

function Thread({ id }: { id: string }) {
  const { http, config, showError } = useServices();
  const [model] = useState(() =>
    createComplaintThreadModel({ api: complaintsApi(http, config.commonApi), showError, save: downloadBlob }),
  );
  useEffect(() => void model.load(id), [model, id]);
  return <ComplaintThreadView model={model} onRetry={() => void model.load(id)} />;
}

function NewComplaint({ signedIn }: { signedIn: boolean }) {
  const services = useServices();
  const { http, config, showError, toasts, i18n, session, navigate } = services;
  const [model] = useState(() =>
    createComplaintFormModel({
      api: complaintsApi(http, config.commonApi),
      codeApi: signedInCodeApi(http, config.ssoApi, config.product),
      showError,
      now: () => Date.now(),
      announce: (key, to) => toasts.show('success', i18n.t(key, { to: unbroken(to) }), { replace: true }),
      signedIn: () => session.user.peek() !== null,
      onFiled: (filed) => navigate(`/help-center/my-complaints?sent=${filed.number}`),
    }),
  );
  return <ComplaintFormView model={model} account={signedIn ? session.user.value : null} />;
}

export default function ComplaintsScreen() {
  useSignals();
  const i18n = useI18n();
  const search = useSearch();
  const signedIn = useSignedIn();
  const params = new URLSearchParams(search);
  const id = params.get('id');
  const sent = /^\d{1,12}$/.test(params.get('sent') ?? '') ? Number(params.get('sent')) : null;
  if (signedIn === 'checking')
    return <div className="screen-loading" aria-busy="true" aria-label={i18n.t('loading')} />;
  if (params.get('new') === '1') return <NewComplaint signedIn={signedIn === 'in'} />;
  if (signedIn === 'out') return <SignedOutComplaints sent={sent} />;
  if (id) return <Thread id={id} key={id} />;
  const { page, pageSize } = listQuery(search);
  return <ComplaintsList page={page} pageSize={pageSize} sent={sent} />;
}
