// The item form of "Ingreso de Ítems del Presupuesto": the item's fields, the inputs that
// show only when they apply (the domain's itemInputs) and its read-only UTV and amount,
// computed from what is typed (draftUtv), and beside them the window's drawing, redrawn as
// its sizes and type are typed (draftElevation).
import { useId } from "react";
import { Checkbox, Form, Input, Select, type FormInstance } from "antd";
import { CANTIDAD_VACIA, cuadrosAlMarcarAdicional, itemInputs, TIPO_APERTURA_OPTIONS, TIPO_VENTANA_OPTIONS } from "../../domain/sales";
import { formatCLP, formatNumber } from "../../domain/format";
import { NumberText } from "../../components/NumberText";
import { draftElevation, draftUtv, type ItemDraft } from "../../resources/presupuestos/item-draft";
import { ElevationImage } from "../../components/elevation/ElevationImage";
import { useElevationView } from "../../components/elevation/useElevationView";
import "../../components/elevation/elevation.css";

export function ItemFields({ form }: { form: FormInstance<ItemDraft> }) {
  const ids = { utv: useId(), monto: useId() };
  // Watched fields: the read-only UTV figures follow what is typed.
  const tipoVentana = Form.useWatch("tipo_ventana", form);
  const observaciones = Form.useWatch("observaciones", form);
  const adicional = Form.useWatch("adicional", form);
  const cuadros = Form.useWatch("cuadros_adicionales", form);
  const cantidad = Form.useWatch("cantidad", form);
  const ancho = Form.useWatch("ancho", form);
  const alto = Form.useWatch("alto", form);
  const tipoApertura = Form.useWatch("tipo_apertura", form);
  const view = useElevationView();
  const drawing = draftElevation({ tipo_ventana: tipoVentana, tipo_apertura: tipoApertura, ancho, alto, observaciones, adicional, cuadros_adicionales: cuadros, cantidad });
  const utv = draftUtv({ tipo_ventana: tipoVentana, observaciones, adicional, cuadros_adicionales: cuadros, cantidad });
  const shown = itemInputs({ observaciones, adicional });
  return (
    <div className="vt-item-with-drawing">
      <div className="vt-grid">
        <Form.Item className="span-4" name="item" label="Ítem">
          <Input autoComplete="off" maxLength={50} placeholder="Ej.: V1" />
        </Form.Item>
        <Form.Item className="span-8" name="recinto" label="Recinto">
          <Input autoComplete="off" maxLength={200} placeholder="Ej.: Living" />
        </Form.Item>
        <Form.Item className="span-3" name="ancho" label="Ancho (mm)">
          <NumberText />
        </Form.Item>
        <Form.Item className="span-3" name="alto" label="Alto (mm)">
          <NumberText />
        </Form.Item>
        <Form.Item className="span-3" name="tipo_ventana" label="Tipo de ventana">
          <Select options={TIPO_VENTANA_OPTIONS} />
        </Form.Item>
        <Form.Item className="span-3" name="tipo_apertura" label="Tipo de apertura">
          <Select options={TIPO_APERTURA_OPTIONS} />
        </Form.Item>

        <div className="span-12 vt-actions" style={{ marginBottom: 12, columnGap: 24 }}>
          <Form.Item name="grada_buque" valuePropName="checked" noStyle>
            <Checkbox>Grada buque</Checkbox>
          </Form.Item>
          <Form.Item name="observaciones" valuePropName="checked" noStyle>
            <Checkbox>Observaciones</Checkbox>
          </Form.Item>
          {shown.adicional && (
            <Form.Item name="adicional" valuePropName="checked" noStyle>
              <Checkbox
                onChange={(e) => {
                  if (e.target.checked) form.setFieldValue("cuadros_adicionales", cuadrosAlMarcarAdicional(form.getFieldValue("cuadros_adicionales")));
                }}
              >
                Adicional
              </Checkbox>
            </Form.Item>
          )}
        </div>
        {shown.textoObservaciones && (
          <Form.Item className="span-12" name="texto_observaciones" label="Detalle de observaciones">
            <Input.TextArea rows={2} maxLength={2000} />
          </Form.Item>
        )}
        {shown.cuadrosAdicionales && (
          <Form.Item className="span-3" name="cuadros_adicionales" label="Cuadros adicionales">
            <NumberText inputMode="numeric" />
          </Form.Item>
        )}
        {shown.cuadrosAdicionales && <div className="span-9" aria-hidden="true" />}

        <Form.Item className="span-3" name="cantidad" label="Cantidad" extra={`Vacío = ${CANTIDAD_VACIA}`}>
          <NumberText />
        </Form.Item>
        <Form.Item className="span-3" name="precio_unitario" label="Precio unitario">
          <NumberText prefix="$" />
        </Form.Item>
        <Form.Item className="span-3 vt-readonly-figure" label="UTV total" htmlFor={ids.utv}>
          <Input id={ids.utv} readOnly tabIndex={-1} value={formatNumber(utv.utv)} />
        </Form.Item>
        <Form.Item className="span-3 vt-readonly-figure" label="Monto UTV" htmlFor={ids.monto}>
          <Input id={ids.monto} readOnly tabIndex={-1} value={formatCLP(utv.utv_monto)} />
        </Form.Item>
      </div>
      <figure className="vt-item-with-drawing__preview" aria-label="Vista previa del dibujo" style={{ margin: 0 }}>
        <ElevationImage item={drawing} view={view} />
      </figure>
    </div>
  );
}
