import { termsOfServiceFor } from '@shared/content/legal';
import { paths } from '@shared/routes';
import { LegalDocument } from '@/components/legal-document';
import { Seo } from '@/components/seo';
import { useBusiness } from '@/lib/site-content';

export default function TermsPage() {
  const business = useBusiness();
  const termsOfService = termsOfServiceFor(business);
  return (
    <>
      <Seo
        title={termsOfService.title}
        description={`The terms for using the ${business.name} website and how our estimates, payments, warranty, liability and cancellations work.`}
        path={paths.terms}
        imageKey="terms"
      />
      <LegalDocument document={termsOfService} />
    </>
  );
}
