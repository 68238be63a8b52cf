import { Component, type ErrorInfo, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { cardClass } from './styles';

interface Props {
  /** What could not be shown, for the message: "This page", "The source of this request". */
  what: string;
  children: ReactNode;
}

/**
 * Keeps one broken part from blanking the whole inbox: a value React cannot render (something a
 * stranger sent, say) shows what failed and a way to try again, and the rest of the page, the
 * header and its links stay usable. Each route has one, and so does each part of a request's page
 * that shows what a visitor sent.
 */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`${this.props.what} could not be shown`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className={cn(cardClass, 'mt-4 border-rim-600/40 p-5')}>
        <p className="font-semibold text-rim-700">{this.props.what} could not be shown.</p>
        <p className="mt-1 text-sm break-words text-ink-soft">What failed: {error.message || error.name}</p>
        <button
          type="button"
          onClick={() => this.setState({ error: null })}
          className="mt-3 rounded-md font-semibold text-pine-800 underline underline-offset-2 hover:text-pine-900"
        >
          Try again
        </button>
      </div>
    );
  }
}
