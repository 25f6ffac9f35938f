// Lists: declare once (defineList), route with list.query and sendList(req, reply, await list.answer(db, req.query)).
export { defineList, DEFAULT_CAP, MAX_PAGE, type List, type ListDeclaration, type ListQuery, type ListResult, type SearchCondition, type SearchContext, type SearchParts, type Searchable } from "./define";
export { strictQuery, type ListField, type Operator } from "./query";
export { byHumanName, contains, folded, sameText } from "./fold";
export { sendList, sendRows } from "./reply";
export { suggestions, SUGGESTIONS_MAX, type SuggestionSource } from "./suggest";
export { cachedAnswer } from "./cache";
