// The operator's team (issue 15, item 6): who can use the back-office, who is invited, and, for
// owners and Verdant admins, inviting a colleague by e-mail and removing members (with a second
// tap to confirm). Staff see the team without the controls; the API refuses them as well.
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api-client/client.ts';
import { inviteToTeam, partnerTeam, removeTeamMember, withdrawTeamInvitation } from '../../api-client/partner.ts';
import { INVITATION_DAYS, type PartnerTeamResponse } from '../../contract/partner.ts';
import { formatDate } from '../../lib/format-date.ts';
import { Loading, Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { ColumnHeads } from '../admin/AdminList.tsx';
import { Field, FormProblem, useFormCall, useNotice, type Opened } from './parts.tsx';

const ROLE_LABELS = { owner: 'Owner', staff: 'Staff' } as const;

function InviteForm({ slug, onDone }: { slug: string; onDone: (team: PartnerTeamResponse, email: string) => void }) {
  const [email, setEmail] = useState('');
  const { busy, error, run } = useFormCall('email');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const { data } = await inviteToTeam(slug, email);
      onDone(data, email.trim());
      setEmail('');
    });
  };
  return (
    <form className="adm-card adm-side" onSubmit={submit} noValidate>
      <h2>Invite a colleague</h2>
      <p className="muted">They get an e-mail with a link to create their account and join as staff. Someone who already has a Verdant account joins at once.</p>
      <Field id="ptn-invite-email" label="Email" error={error} control={(aria) => <input id="ptn-invite-email" type="email" autoComplete="off" value={email} maxLength={254} disabled={busy} {...aria} onChange={(e) => setEmail(e.target.value)} />} />
      <FormProblem error={error} />
      <div className="adm-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Sending…' : 'Send invitation'}
        </button>
      </div>
    </form>
  );
}

/** A destructive button that asks once more before it acts. */
function ConfirmButton({ label, confirm, busyLabel, onConfirm }: { label: string; confirm: string; busyLabel: string; onConfirm: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="button button--ghost ptn-small" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span className="ptn-confirm">
      <button
        type="button"
        className="button ptn-small ptn-danger"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void onConfirm().finally(() => {
            setBusy(false);
            setAsking(false);
          });
        }}
      >
        {busy ? busyLabel : confirm}
      </button>
      <button type="button" className="button button--ghost ptn-small" disabled={busy} onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}

export default function Team({ opened }: { opened: Opened }) {
  const slug = opened.operator.slug;
  const loaded = useApi(() => partnerTeam(slug), slug);
  const { setNotice, view: notice } = useNotice();

  if (loaded.state.status === 'loading') return <Loading label="Loading your team…" />;
  if (loaded.state.status === 'error') return <Problem text={loaded.state.error} onRetry={loaded.reload} />;
  const team = loaded.state.data;
  const act = async (run: () => Promise<{ data: PartnerTeamResponse }>, done: string) => {
    try {
      loaded.set((await run()).data);
      setNotice({ ok: true, text: done });
    } catch (err) {
      setNotice({ ok: false, text: errorMessage(err) });
    }
  };

  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <div>
          <h1>Team</h1>
          <p className="ptn-sub">Everyone here can see and answer {opened.operator.name}’s bookings, availability and payouts. Owners also manage the team.</p>
        </div>
      </header>
      {notice}
      <div className="adm-edit__grid">
        <div className="adm-edit__main">
          <div className="adm-card adm-list">
            <div className="adm-table ptn-stack ptn-team">
              <table>
                <ColumnHeads columns={[['Member'], ['Role', 'ptn-col-status'], ['Since', 'ptn-col-since'], ...(team.canManage ? [['', 'ptn-col-act'] as [string, string]] : [])]} />
                <tbody>
                  {team.members.map((m) => (
                    <tr key={m.userId} data-email={m.email}>
                      <td>
                        <strong>{m.name}</strong>
                        {m.isYou && <span className="muted"> (you)</span>}
                        <span className="ptn-sub">{m.email}</span>
                      </td>
                      <td className="ptn-col-status">
                        <span className={`adm-badge ptn-role--${m.role}`}>{ROLE_LABELS[m.role]}</span>
                      </td>
                      <td className="ptn-col-since">{formatDate(m.since)}</td>
                      {team.canManage && (
                        <td className="ptn-col-act">
                          {!m.isYou && <ConfirmButton label="Remove" confirm={`Remove ${m.name}`} busyLabel="Removing…" onConfirm={() => act(() => removeTeamMember(slug, m.userId), `${m.name} is no longer in the team.`)} />}
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
          {team.invitations.length > 0 && (
            <section className="adm-card ptn-block" aria-labelledby="ptn-invited">
              <h2 id="ptn-invited">Invited</h2>
              <ul className="ptn-invites">
                {team.invitations.map((i) => (
                  <li key={i.id} data-email={i.email}>
                    <span>
                      <strong>{i.email}</strong>
                      <span className="ptn-sub">
                        {ROLE_LABELS[i.role]} · invited {formatDate(i.createdAt)} · the link works until {formatDate(i.expiresAt)}
                      </span>
                    </span>
                    {team.canManage && <ConfirmButton label="Withdraw" confirm="Withdraw invitation" busyLabel="Withdrawing…" onConfirm={() => act(() => withdrawTeamInvitation(slug, i.id), `The invitation to ${i.email} is withdrawn: its link no longer works.`)} />}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        {team.canManage && (
          <InviteForm
            slug={slug}
            onDone={(next, email) => {
              loaded.set(next);
              const joined = next.members.some((m) => m.email.toLowerCase() === email.toLowerCase());
              setNotice({ ok: true, text: joined ? `${email} already had a Verdant account and is now in the team. We e-mailed them.` : `Invitation sent to ${email}. The link works for ${INVITATION_DAYS} days.` });
            }}
          />
        )}
      </div>
    </section>
  );
}
