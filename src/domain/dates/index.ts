export { SANTIAGO_TZ, santiagoParts, santiagoDateOf, todayInSantiago, isIsoDate, addDays, daysBetween } from "./dates";
export type { SantiagoParts } from "./dates";
