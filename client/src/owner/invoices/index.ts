/** Invoices and payments: the section on a request's page, the payment details card, the books and the overdue list. */
export { BooksSection, OverdueInvoices } from './books-section';
export { InvoiceSection } from './invoice-section';
export { MoneyResultsSection } from './money-results';
export { PaymentDetailsCard } from './payment-details-card';
