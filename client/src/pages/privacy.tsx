import { privacyPolicyFor } from '@shared/content/legal';
import { paths } from '@shared/routes';
import { LegalPage } from '@/components/legal-document';

export default function PrivacyPage() {
  return (
    <LegalPage
      documentFor={privacyPolicyFor}
      description={(business) =>
        `How ${business.name} collects, uses, shares and protects the information you give us through this website, and the choices you have.`
      }
      path={paths.privacy}
      imageKey="privacy"
    />
  );
}
