// Unknown path (spec 2.1): an error image and "Volver al Home".
import { useNavigate } from "react-router";
import errorImage from "../../../assets/error-404.svg";
import "./not-found.css";
import { linkTo } from "../../screens";

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <section className="vt-notfound" aria-labelledby="vt-notfound-title">
      <img src={errorImage} alt="Ventana rota: página no encontrada" className="vt-notfound__img" width={320} height={240} />
      <h1 id="vt-notfound-title">Página no encontrada</h1>
      <p>La dirección que buscó no existe o fue movida.</p>
      <button type="button" className="vt-btn vt-btn--primary" onClick={() => navigate(linkTo("home"))}>
        Volver al Home
      </button>
    </section>
  );
}
