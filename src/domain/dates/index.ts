export { SANTIAGO_TZ, santiagoParts, santiagoDateOf, todayInSantiago, isIsoDate, addDays, daysBetween, santiagoDayStart } from "./dates";
export type { SantiagoParts } from "./dates";
