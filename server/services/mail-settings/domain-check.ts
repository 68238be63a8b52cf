import { Resolver } from 'node:dns/promises';
import type { DomainCheck, DomainRecordCheck } from '@shared/schemas/mail-settings';

/**
 * Check my domain: the sending domain's SPF, DKIM and DMARC records, as mail providers look them
 * up, each found or the record to add. Through the system's resolver, or DNS_SERVERS
 * (`host:port`, comma-separated). DKIM lives under a selector each provider names as it likes, so
 * the common ones are tried.
 */
export const dkimSelectors = [
  'default',
  'google',
  'selector1',
  'selector2',
  'k1',
  'k2',
  'dkim',
  'mail',
  's1',
  's2',
  'smtp',
  'zoho',
  'mxvault',
  'fm1',
  'protonmail',
] as const;

/** Providers whose SPF include is known, by the mail server's name. */
const spfIncludes: [RegExp, string][] = [
  [/(^|\.)(gmail|google|googlemail)\.com$/, '_spf.google.com'],
  [/(^|\.)(outlook|office365|hotmail)\.com$/, 'spf.protection.outlook.com'],
  [/(^|\.)zoho\.(com|eu|in)$/, 'zoho.com'],
  [/(^|\.)sendgrid\.net$/, 'sendgrid.net'],
  [/(^|\.)mailgun\.org$/, 'mailgun.org'],
  [/(^|\.)amazonaws\.com$/, 'amazonses.com'],
  [/(^|\.)messagingengine\.com$|(^|\.)fastmail\.com$/, 'spf.messagingengine.com'],
  [/(^|\.)secureserver\.net$/, 'secureserver.net'],
  [/(^|\.)protonmail\.ch$|(^|\.)proton\.me$/, '_spf.protonmail.ch'],
];

export function createDomainCheck(options: { servers?: readonly string[]; timeoutMs?: number } = {}) {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: 2 });
  if (options.servers?.length) resolver.setServers([...options.servers]);

  /** TXT records of `name`, joined: none when the name or its records do not exist. */
  async function txt(name: string): Promise<string[]> {
    try {
      return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'ENODATA' || code === 'ENOTFOUND') return [];
      throw error;
    }
  }

  return async function check(domain: string, smtpHost: string | null, reportTo: string | null): Promise<DomainCheck> {
    const spfRecord = (await txt(domain)).find((record) => /^v=spf1(\s|$)/i.test(record));
    const dmarcRecord = (await txt(`_dmarc.${domain}`)).find((record) => /^v=DMARC1\s*(;|$)/i.test(record));
    let dkimRecord: string | undefined;
    let dkimName: string | undefined;
    for (const selector of dkimSelectors) {
      const name = `${selector}._domainkey.${domain}`;
      dkimRecord = (await txt(name)).find((record) => /(^|;)\s*(v=DKIM1|p=)/i.test(record));
      if (dkimRecord) {
        dkimName = name;
        break;
      }
    }
    const include = smtpHost ? spfIncludes.find(([pattern]) => pattern.test(smtpHost.toLowerCase()))?.[1] : undefined;
    const spf: DomainRecordCheck = spfRecord
      ? { found: true, record: spfRecord }
      : {
          found: false,
          add: {
            type: 'TXT',
            name: domain,
            value: `v=spf1 ${include ? `include:${include}` : `a:${smtpHost ?? domain}`} ~all`,
            help: include
              ? 'This tells other mail servers that your provider may send mail for your domain.'
              : 'This tells other mail servers that your mail server may send for your domain. Your mail provider’s help pages give the exact value; use theirs if it differs.',
          },
        };
    const dkim: DomainRecordCheck = dkimRecord
      ? { found: true, record: `${dkimName}: ${dkimRecord.slice(0, 120)}${dkimRecord.length > 120 ? '…' : ''}` }
      : {
          found: false,
          add: {
            type: 'TXT',
            name: `<name your provider gives>._domainkey.${domain}`,
            help: 'DKIM signs each e-mail. Your mail provider makes the record for you: look for “DKIM” in its settings, then add the record it shows at your domain.',
          },
        };
    const dmarc: DomainRecordCheck = dmarcRecord
      ? { found: true, record: dmarcRecord }
      : {
          found: false,
          add: {
            type: 'TXT',
            name: `_dmarc.${domain}`,
            value: `v=DMARC1; p=none${reportTo ? `; rua=mailto:${reportTo}` : ''}`,
            help: 'This tells other mail servers what to do with mail that fails the checks above; “p=none” only asks them to report it.',
          },
        };
    return { domain, spf, dkim, dmarc };
  };
}

export type DomainChecker = ReturnType<typeof createDomainCheck>;
