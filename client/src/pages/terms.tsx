import { termsOfServiceFor } from '@shared/content/legal';
import { paths } from '@shared/routes';
import { LegalPage } from '@/components/legal-document';

export default function TermsPage() {
  return (
    <LegalPage
      documentFor={termsOfServiceFor}
      description={(business) =>
        `The terms for using the ${business.name} website and how our estimates, payments, warranty, liability and cancellations work.`
      }
      path={paths.terms}
      imageKey="terms"
    />
  );
}
