import { Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { DomainCheck, DomainRecordCheck, MailSettingsView } from '@shared/schemas/mail-settings';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { CardSection } from '../app/card-section';
import { LabelledCheckbox, LabelledInput } from '../app/labelled-input';
import { errorMessage, useSessionEnded } from '../app/owner-api';
import { useCheckDomain, useMailSettings, useSaveMailSettings, useSendTestMail } from './mail-settings-api';

/**
 * E-mail sending, a card of /owner/settings: his mail provider's server, port, user name and
 * password, and the address the e-mails come from (GET/PUT /api/owner/mail-settings). **Send a test
 * e-mail** tries what is typed and says what the mail server answered; **Check my domain** says,
 * for SPF, DKIM and DMARC, found or the record to add. The password is never shown: blank keeps it.
 */
export function MailSendingCard() {
  const settings = useMailSettings();
  return (
    <CardSection title="E-mail sending" icon={Mail}>
      <p className="mt-1 text-sm text-ink-muted">
        The mail server your site sends alerts, reminders and messages to homeowners through. Your mail provider’s help
        pages give these settings (look for “SMTP”).
      </p>
      {settings.data ? <MailForm initial={settings.data} /> : null}
      {settings.isError ? <p className="mt-3 text-sm text-rim-700">{errorMessage(settings.error)}</p> : null}
    </CardSection>
  );
}

function MailForm({ initial }: { initial: MailSettingsView }) {
  const id = useId();
  const save = useSaveMailSettings();
  const test = useSendTestMail();
  const check = useCheckDomain();
  const sessionEnded = useSessionEnded();
  const [host, setHost] = useState(initial.host);
  const [port, setPort] = useState(String(initial.port));
  const [secure, setSecure] = useState(initial.secure);
  const [user, setUser] = useState(initial.user);
  const [password, setPassword] = useState('');
  const [from, setFrom] = useState(initial.from);
  const [currentPassword, setCurrentPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const form = () => ({
    host: host.trim(),
    port: Number(port),
    secure,
    user: user.trim(),
    password,
    from: from.trim(),
  });
  const serverChanges = initial.source !== 'none' && host.trim().toLowerCase() !== initial.host.toLowerCase();
  const failed = (error: unknown) => {
    sessionEnded(error);
    setProblem(errorMessage(error));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    save.mutate(
      { ...form(), ...(serverChanges ? { currentPassword } : {}) },
      {
        onSuccess: () => {
          setPassword('');
          setCurrentPassword('');
          toast({ title: 'E-mail settings saved' });
        },
        onError: failed,
      },
    );
  };
  const sendTest = () => {
    setProblem(null);
    setAnswer(null);
    test.mutate(form(), { onSuccess: setAnswer, onError: failed });
  };
  const checkDomain = () => {
    setProblem(null);
    check.mutate(from.trim(), { onError: failed });
  };

  const passwordHint = initial.passwordUnreadable
    ? 'The password saved before cannot be read on this server: type it again.'
    : initial.passwordSaved
      ? 'A password is saved. Leave this blank to keep it.'
      : 'Many providers (Gmail, Outlook) want an app password made for this, not your usual one.';
  return (
    <form noValidate onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2">
      <LabelledInput
        id={`${id}-host`}
        label="Mail server"
        placeholder="smtp.gmail.com"
        value={host}
        onValue={setHost}
      />
      <LabelledInput id={`${id}-port`} label="Port" inputMode="numeric" value={port} onValue={setPort} />
      <LabelledCheckbox checked={secure} onChecked={setSecure} className="sm:col-span-2">
        Secure from the start (port 465)
      </LabelledCheckbox>
      <LabelledInput id={`${id}-user`} label="User name" autoComplete="off" value={user} onValue={setUser} />
      <LabelledInput
        id={`${id}-password`}
        label="Password"
        type="password"
        autoComplete="new-password"
        value={password}
        onValue={setPassword}
        hint={passwordHint}
      />
      <LabelledInput
        id={`${id}-from`}
        label="E-mails come from"
        className="sm:col-span-2"
        value={from}
        onValue={setFrom}
      />
      {serverChanges ? (
        <LabelledInput
          id={`${id}-current`}
          label="Your current password"
          type="password"
          autoComplete="current-password"
          className="sm:col-span-2"
          value={currentPassword}
          onValue={setCurrentPassword}
          hint="A new mail server carries your password-reset links, so it asks for your password."
        />
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm font-semibold text-rim-700 sm:col-span-2">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" variant="secondary" size="sm" disabled={save.isPending}>
          Save e-mail settings
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={test.isPending} onClick={sendTest}>
          {test.isPending ? 'Sending…' : 'Send a test e-mail'}
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={check.isPending} onClick={checkDomain}>
          {check.isPending ? 'Checking…' : 'Check my domain'}
        </Button>
      </div>
      <div role="status" className="sm:col-span-2">
        {answer ? (
          <p className={answer.ok ? 'text-sm font-semibold text-pine-800' : 'text-sm font-semibold text-rim-700'}>
            {answer.message}
          </p>
        ) : null}
        {check.data ? <DomainRecords check={check.data} /> : null}
      </div>
    </form>
  );
}

const recordNames = { spf: 'SPF', dkim: 'DKIM', dmarc: 'DMARC' } as const;

/** Each record found, or the record to add at the domain's DNS, with its name and value to copy. */
function DomainRecords({ check }: { check: DomainCheck }) {
  return (
    <div className="mt-3 grid gap-3">
      <p className="text-sm font-semibold text-pine-900">Records of {check.domain}</p>
      {(Object.keys(recordNames) as (keyof typeof recordNames)[]).map((key) => (
        <RecordLine key={key} name={recordNames[key]} check={check[key]} />
      ))}
    </div>
  );
}

function RecordLine({ name, check }: { name: string; check: DomainRecordCheck }) {
  return (
    <div className="rounded-lg border border-cream-200 p-3 text-sm">
      <p className="font-semibold">
        {name}: {check.found ? 'found' : 'missing'}
      </p>
      {check.found ? <p className="mt-1 font-mono text-xs break-all text-ink-muted">{check.record}</p> : null}
      {check.add ? (
        <div className="mt-1 grid gap-1">
          <p className="text-ink-muted">{check.add.help}</p>
          <p>
            Add a {check.add.type} record named <code className="break-all">{check.add.name}</code>
            {check.add.value ? (
              <>
                {' '}
                with the value <code className="break-all">{check.add.value}</code>
              </>
            ) : null}
          </p>
        </div>
      ) : null}
    </div>
  );
}
