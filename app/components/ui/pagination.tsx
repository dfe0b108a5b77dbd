import { Link, useLocation } from "@remix-run/react";

/** Only `pagina` changes in the URL, so filters and sorting survive; nothing for a single page. */
export function Pagination({ page, pages, label = "Páginas" }: { page: number; pages: number; label?: string }) {
  const { pathname, search } = useLocation();
  if (pages <= 1) return null;
  const to = (n: number) => {
    const params = new URLSearchParams(search);
    params.set("pagina", String(n));
    return `${pathname}?${params}`;
  };
  return (
    <nav className="br-pagination bo-paginacao" aria-label={label}>
      <ul>
        {page > 1 ? (
          <li>
            <Link to={to(page - 1)} rel="prev" className="br-button secondary">
              ← Anterior
            </Link>
          </li>
        ) : null}
        {page < pages ? (
          <li>
            <Link to={to(page + 1)} rel="next" className="br-button secondary">
              Próxima →
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
