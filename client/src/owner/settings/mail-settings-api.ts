import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DomainCheck, MailSettingsInput, MailSettingsView, MailTestResult } from '@shared/schemas/mail-settings';
import { getQueryFn } from '@/lib/api-client';
import { ownerApi, ownerJson } from '../app/owner-api';

const mailPath = '/mail-settings';
const mailKey = [ownerApi, 'mail-settings'];

/** GET /api/owner/mail-settings (the key joined by slashes): how the site sends e-mail now (never a password). */
export function useMailSettings() {
  return useQuery({
    queryKey: mailKey,
    queryFn: getQueryFn<MailSettingsView>({ on401: 'throw' }),
  });
}

export function useSaveMailSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: MailSettingsInput) => ownerJson<MailSettingsView>('PUT', mailPath, form),
    onSuccess: (answer) => client.setQueryData(mailKey, answer),
  });
}

/** Send a test e-mail: with what is typed in the form; the answer says what the mail server said. */
export function useSendTestMail() {
  return useMutation({
    mutationFn: (form: MailSettingsInput) => ownerJson<MailTestResult>('POST', `${mailPath}/test`, form),
  });
}

/** Check my domain: the sender's domain's SPF, DKIM and DMARC records. */
export function useCheckDomain() {
  return useMutation({
    mutationFn: (from: string) => ownerJson<DomainCheck>('POST', `${mailPath}/check-domain`, { from }),
  });
}
