import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { CsrfInput } from "../csrf-input";
import { MunicipalBand, type MunicipalBandData } from "./municipal-band";

type ShellUser = {
  name: string;
  roleLabel: string;
  municipalityLabel: string | null;
  links: { to: string; label: string; end?: boolean }[];
};

/**
 * The gov.br compact header and menu; below 992 px the menu is a drawer, so both take one row of a
 * phone. The drawer takes focus, closes on Escape, scrim or navigation, and returns focus.
 */
export function SiteHeader({ user, band = null }: { user: ShellUser | null; band?: MunicipalBandData | null }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLElement>(null);
  const location = useLocation();
  const hasMenu = Boolean(user && user.links.length > 0);

  useEffect(() => setOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  return (
    <>
      <header className="br-header compact cabecalho">
        <div className={`cabecalho-inner${user ? " com-usuario" : ""}`}>
          {hasMenu ? (
            <button
              ref={trigger}
              type="button"
              className="br-button circle menu-gatilho"
              aria-expanded={open}
              aria-controls="menu-principal"
              onClick={() => setOpen((v) => !v)}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
                <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
              </svg>
              <span className="visualmente-oculto">Menu</span>
            </button>
          ) : null}
          <Link to="/" className="marca header-logo">
            <img src="/favicon.svg" alt="" width="28" height="28" />
            <span className="header-info">
              <span className="header-title">Portal de Credenciamento</span>
              <small className="header-subtitle">
                {user?.municipalityLabel ?? "Transporte por motocicleta e aplicativo"}
              </small>
            </span>
          </Link>
          <div className="usuario header-actions">
            {user ? (
              <>
                <span className="usuario-nome">{user.name}</span>
                <span className="papel" title="Perfil de acesso">
                  {user.roleLabel}
                </span>
                <form method="post" action="/sair">
                  <CsrfInput />
                  <button type="submit" className="br-button secondary small sair">
                    Sair
                  </button>
                </form>
              </>
            ) : (
              <>
                <Link to="/entrar" className="br-button primary small">
                  Entrar
                </Link>
                <Link to="/cadastro" className="br-button secondary small criar-conta">
                  Criar conta
                </Link>
              </>
            )}
          </div>
        </div>
        {band ? <MunicipalBand band={band} /> : null}
      </header>
      {user && hasMenu ? (
        <>
          <nav
            ref={menu}
            id="menu-principal"
            className={`br-menu menu-principal${open ? " aberto" : ""}`}
            aria-label="Menu principal"
          >
            <div className="menu-topo">
              <span>
                <strong>{user.name}</strong>
                <small>
                  {user.roleLabel}
                  {user.municipalityLabel ? ` · ${user.municipalityLabel}` : ""}
                </small>
              </span>
              <button type="button" className="br-button circle small" onClick={close}>
                <span aria-hidden="true">×</span>
                <span className="visualmente-oculto">Fechar o menu</span>
              </button>
            </div>
            <ul>
              {user.links.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} end={l.end}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {open ? <div className="menu-fundo" aria-hidden="true" onClick={close} /> : null}
        </>
      ) : null}
    </>
  );
}
