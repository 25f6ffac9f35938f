// What the taller_termopanel services share: the row and messages.
import { termopanelRow } from "../../../src/domain/workshop/schemas";
import { rowColumns } from "../../db/columns";
import { taller_termopanel } from "../../db/schema";

export const termopanelColumns = rowColumns(taller_termopanel, termopanelRow);

export const MSG_TERMOPANEL_NO_EXISTE = "El registro de termopanel no existe.";
