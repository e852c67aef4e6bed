import { Component, type ReactNode } from 'react';
import { useMessages, useServerMessages } from '../i18n/index.ts';
import { errorText } from '../lib/error-text.ts';

interface Props {
  children: ReactNode;
  /** When this changes (e.g. the location), a shown error is cleared so navigation recovers. */
  resetKey?: unknown;
}

interface State {
  error: unknown;
  hasError: boolean;
}

/** Shows the error in place of its children. React itself logs it (console.error, onCaughtError). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidUpdate(prev: Props): void {
    if (this.state.hasError && prev.resetKey !== this.props.resetKey) {
      this.setState({ error: null, hasError: false });
    }
  }

  override render(): ReactNode {
    return this.state.hasError ? <UnexpectedError error={this.state.error} /> : this.props.children;
  }
}

export function UnexpectedError({ error }: { error: unknown }) {
  const m = useMessages();
  const serverMessages = useServerMessages();
  return (
    <div className="unexpected-error">
      <h1>{m.app.unexpectedError}</h1>
      <p>
        <code>{errorText(error, serverMessages)}</code>
      </p>
    </div>
  );
}
