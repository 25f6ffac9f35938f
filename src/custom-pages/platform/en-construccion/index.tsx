// Placeholder for a screen of the route table that is not built yet.
import { Link } from "react-router";
import "./en-construccion.css";

interface Props {
  /** The screen's name, e.g. "Stock Actual". */
  titulo: string;
}

export function EnConstruccion({ titulo }: Props) {
  return (
    <section className="vt-wip" aria-labelledby="vt-wip-title">
      <svg className="vt-wip__icon" viewBox="0 0 64 64" width="72" height="72" aria-hidden="true">
        <rect x="6" y="40" width="52" height="10" rx="2" fill="#f2b233" />
        <path d="M12 40l8-10M28 40l8-10M44 40l8-10" stroke="#1f2933" strokeWidth="4" />
        <rect x="10" y="50" width="5" height="10" fill="#5b6b79" />
        <rect x="49" y="50" width="5" height="10" fill="#5b6b79" />
        <path d="M32 6l14 24H18z" fill="#f2b233" stroke="#1f2933" strokeWidth="2" strokeLinejoin="round" />
        <path d="M32 14v8M32 25v1" stroke="#1f2933" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h1 id="vt-wip-title">{titulo} — en construcción</h1>
      <p>Esta pantalla estará disponible en una próxima versión de Ventanal.</p>
      <Link to="/" className="vt-btn">
        Volver al Home
      </Link>
    </section>
  );
}

export default EnConstruccion;
