import { privacyPolicyFor } from '@shared/content/legal';
import { paths } from '@shared/routes';
import { LegalDocument } from '@/components/legal-document';
import { Seo } from '@/components/seo';
import { useBusiness } from '@/lib/site-content';

export default function PrivacyPage() {
  const business = useBusiness();
  const privacyPolicy = privacyPolicyFor(business);
  return (
    <>
      <Seo
        title={privacyPolicy.title}
        description={`How ${business.name} collects, uses, shares and protects the information you give us through this website, and the choices you have.`}
        path={paths.privacy}
        imageKey="privacy"
      />
      <LegalDocument document={privacyPolicy} />
    </>
  );
}
