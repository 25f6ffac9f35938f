// Catches render errors and failed lazy chunk loads (e.g. after an update was
// deployed while the page was open) and offers to reload, in Spanish.
import { Component, type ErrorInfo, type ReactNode } from "react";

interface Props {
  children: ReactNode;
  /** Changing this value (e.g. the pathname) clears a previous error. */
  resetKey?: string;
}
interface State {
  error: Error | null;
  resetKey?: string;
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("Error al mostrar la página", error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="vt-page-error" role="alert">
        <h1>No se pudo mostrar esta página</h1>
        <p>Puede deberse a una actualización del sistema o a un problema de conexión.</p>
        <button type="button" className="vt-btn vt-btn--primary" onClick={() => window.location.reload()}>
          Recargar
        </button>
      </div>
    );
  }
}

export default ErrorBoundary;
