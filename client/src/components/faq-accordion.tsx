import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';

/**
 * Frequently asked questions: one answer open at a time, and the open one can be closed. Every
 * answer is in the page's HTML (hidden while closed) for search engines and find-in-page.
 */
export function FaqAccordion({
  faqs,
  className,
}: {
  faqs: readonly { question: string; answer: string }[];
  className?: string;
}) {
  return (
    <Accordion type="single" collapsible className={className}>
      {faqs.map((faq, index) => (
        <AccordionItem key={faq.question} value={`faq-${index}`}>
          <AccordionTrigger>{faq.question}</AccordionTrigger>
          <AccordionContent>{faq.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
