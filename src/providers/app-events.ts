// Hooks between the plain HTTP layer and the React app. The HTTP layer must stay
// free of antd/Refine (the login page loads it), so the app registers handlers here.
import { linkTo } from "../custom-pages/screens";

export const FORBIDDEN_MESSAGE = "No tiene permiso para esta acción.";

type Handler = () => void;

let forbiddenHandler: Handler | null = null;
let loginRedirectHandler: Handler | null = null;

/** The app shell registers how to show the 403 notification. Returns an unregister function. */
export function setForbiddenHandler(handler: Handler): () => void {
  forbiddenHandler = handler;
  return () => {
    if (forbiddenHandler === handler) forbiddenHandler = null;
  };
}

/** Shows "No tiene permiso para esta acción." (the session is kept). */
export function notifyForbidden(): void {
  if (forbiddenHandler) forbiddenHandler();
  else if (typeof window !== "undefined") window.alert(FORBIDDEN_MESSAGE);
}

/** The router registers a client-side navigation to /login. Returns an unregister function. */
export function setLoginRedirectHandler(handler: Handler): () => void {
  loginRedirectHandler = handler;
  return () => {
    if (loginRedirectHandler === handler) loginRedirectHandler = null;
  };
}

export function redirectToLogin(): void {
  if (loginRedirectHandler) loginRedirectHandler();
  else if (typeof window !== "undefined" && window.location.pathname !== linkTo("login")) window.location.assign(linkTo("login"));
}
