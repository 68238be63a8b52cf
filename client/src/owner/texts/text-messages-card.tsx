import { Smartphone } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { TextSettingsView } from '@shared/schemas/text-settings';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/use-toast';
import { CardSection } from '../app/card-section';
import { LabelledInput } from '../app/labelled-input';
import { errorMessage, useSessionEnded } from '../app/owner-api';
import { useSaveTextSettings, useSendTestText, useTextSettings } from './texts-api';

/**
 * Text messages, a card of /owner/settings: his Twilio Account SID, auth token and the number (or
 * Messaging Service) he registered (GET/PUT /api/owner/text-settings). **Send me a test text**
 * tries what is typed and says in plain words what Twilio answered. The token is never shown:
 * blank keeps it.
 */
export function TextMessagesCard() {
  const settings = useTextSettings();
  return (
    <CardSection title="Text messages" icon={Smartphone}>
      <p className="mt-1 text-sm text-ink-muted">
        Homeowners who tick “Text me about my request” get their news by text from your business number, and can text
        you back here. Copy these from your Twilio Console (Account Info). Without them, everything goes by e-mail only.
      </p>
      {settings.data ? <TextForm initial={settings.data} /> : null}
      {settings.isError ? <p className="mt-3 text-sm text-rim-700">{errorMessage(settings.error)}</p> : null}
    </CardSection>
  );
}

function TextForm({ initial }: { initial: TextSettingsView }) {
  const id = useId();
  const save = useSaveTextSettings();
  const test = useSendTestText();
  const sessionEnded = useSessionEnded();
  const [accountSid, setAccountSid] = useState(initial.accountSid);
  const [authToken, setAuthToken] = useState('');
  const [sender, setSender] = useState(initial.sender);
  const [to, setTo] = useState(initial.testTo ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const form = () => ({ accountSid: accountSid.trim(), authToken: authToken.trim(), sender: sender.trim() });
  const failed = (error: unknown) => {
    sessionEnded(error);
    setProblem(errorMessage(error));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    save.mutate(form(), {
      onSuccess: () => {
        setAuthToken('');
        toast({ title: 'Text message settings saved' });
      },
      onError: failed,
    });
  };
  const sendTest = () => {
    setProblem(null);
    setAnswer(null);
    test.mutate({ ...form(), to: to.trim() }, { onSuccess: setAnswer, onError: failed });
  };
  const tokenHint = initial.tokenUnreadable
    ? 'The token saved before cannot be read on this server: paste it again.'
    : initial.tokenSaved
      ? 'A token is saved. Leave this blank to keep it.'
      : 'Shown under Account Info in your Twilio Console.';
  return (
    <form noValidate onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2">
      <LabelledInput
        id={`${id}-sid`}
        label="Account SID"
        placeholder="AC…"
        autoComplete="off"
        spellCheck={false}
        className="sm:col-span-2"
        value={accountSid}
        onValue={setAccountSid}
      />
      <LabelledInput
        id={`${id}-token`}
        label="Auth token"
        type="password"
        autoComplete="new-password"
        value={authToken}
        onValue={setAuthToken}
        hint={tokenHint}
      />
      <LabelledInput
        id={`${id}-sender`}
        label="Texts come from"
        placeholder="(928) 555-0100"
        value={sender}
        onValue={setSender}
        hint="Your Twilio number, or the SID of your Messaging Service (MG…)."
      />
      <LabelledInput
        id={`${id}-to`}
        label="Send the test text to"
        type="tel"
        autoComplete="tel"
        className="sm:col-span-2"
        value={to}
        onValue={setTo}
      />
      {problem ? (
        <p role="alert" className="text-sm font-semibold text-rim-700 sm:col-span-2">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" variant="secondary" size="sm" disabled={save.isPending}>
          Save text settings
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={test.isPending} onClick={sendTest}>
          {test.isPending ? 'Sending…' : 'Send me a test text'}
        </Button>
      </div>
      <div role="status" className="sm:col-span-2">
        {answer ? (
          <p className={answer.ok ? 'text-sm font-semibold text-pine-800' : 'text-sm font-semibold text-rim-700'}>
            {answer.message}
          </p>
        ) : null}
      </div>
    </form>
  );
}
