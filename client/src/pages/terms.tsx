import { business } from '@shared/content/business';
import { termsOfService } from '@shared/content/legal';
import { paths } from '@shared/routes';
import { LegalDocument } from '@/components/legal-document';
import { Seo } from '@/components/seo';

export default function TermsPage() {
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
