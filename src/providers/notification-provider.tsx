// Refine notifications through antd's App context: success messages close after 3 s
// (team rule), and every 403 collapses into one "No tiene permiso para esta acción.".
import { useEffect, useMemo } from "react";
import { App } from "antd";
import type { NotificationProvider } from "@refinedev/core";
import { useNotificationProvider } from "@refinedev/antd";
import { FORBIDDEN_MESSAGE, setForbiddenHandler } from "./app-events";

export const SUCCESS_DURATION_S = 3;
const FORBIDDEN_KEY = "forbidden";

export function useVentanalNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  const refineDefault = useNotificationProvider();

  useEffect(
    () =>
      setForbiddenHandler(() =>
        notification.error({ key: FORBIDDEN_KEY, message: FORBIDDEN_MESSAGE, placement: "topRight" }),
      ),
    [notification],
  );

  return useMemo<NotificationProvider>(
    () => ({
      open: (params) => {
        const { key, message, description, type } = params;
        if (type === "progress") {
          refineDefault.open(params);
          return;
        }
        if (type === "error" && (description === FORBIDDEN_MESSAGE || message === FORBIDDEN_MESSAGE)) {
          notification.error({ key: FORBIDDEN_KEY, message: FORBIDDEN_MESSAGE });
          return;
        }
        if (type === "success") {
          // Refine's description here is the generic "Operación exitosa": the message says it all.
          notification.success({ key, message, duration: SUCCESS_DURATION_S });
          return;
        }
        // Refine passes a generic title ("Error (código: 400)") as message and the
        // server's specific text as description: show the specific text first.
        notification.error({ key, message: description ?? message, description: description ? message : undefined });
      },
      close: (key) => notification.destroy(key),
    }),
    [notification, refineDefault],
  );
}
