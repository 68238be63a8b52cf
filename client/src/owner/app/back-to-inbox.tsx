import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';

/** Where the list was last left (filter and search), so a request's Back link returns there. */
let lastListSearch = '';
export const rememberListSearch = (search: string) => {
  lastListSearch = search;
};
export const inboxHref = () => `~/owner${lastListSearch ? `?${lastListSearch}` : ''}`;

/** The link back to the list (with its last filter and search), atop the request and results pages. */
export function BackToInbox() {
  return (
    <Link
      href={inboxHref()}
      className="-ml-2 inline-flex h-10 items-center gap-1.5 rounded-md px-2 font-semibold text-pine-800 hover:bg-pine-100"
    >
      <ArrowLeft aria-hidden="true" className="size-5" />
      Quote requests
    </Link>
  );
}
