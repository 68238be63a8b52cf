import { NotFoundMessage } from '@/components/not-found-message';

/** Shown for any unknown route (served with HTTP 404). */
export default function NotFoundPage() {
  return (
    <NotFoundMessage
      title="404 Page Not Found"
      text="Sorry, we couldn't find that page. It may have moved, or the address may be mistyped."
    />
  );
}
